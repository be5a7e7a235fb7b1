/**
 * Moving the virtual clock forward (local profile only). The offset is stored, and moved by one
 * atomic increment, so that virtual time never goes backward across a restart and two advances
 * (from any process) both count; the event port's `clock.advanced` tells every process's clock.
 */
import { SystemClock } from './clock.js';
import { PlatformError } from './errors.js';
import type { EventPort } from '../../storage/ports/events.js';
import type { Store } from '../../storage/store.js';
import type { Profile } from '../../config/config.js';

export const CLOCK_OFFSET_SETTING = 'clock.offset_ms';

export async function loadClock(store: Store): Promise<SystemClock> {
  const offset = Number((await store.getSetting(CLOCK_OFFSET_SETTING)) ?? '0');
  return new SystemClock(Number.isFinite(offset) ? offset : 0);
}

export class VirtualTime {
  constructor(
    private readonly clock: SystemClock,
    private readonly store: Store,
    private readonly profile: Profile,
    private readonly bus: EventPort,
  ) {
    // An advance made elsewhere (another process on the same database) moves this clock too.
    bus.on('clock.advanced', ({ offsetMs }) => clock.advanceTo(offsetMs));
  }

  /**
   * The clock as the control API shows it. The stored offset is read first, so that an advance made
   * by another process an instant ago is shown even before its event arrives.
   */
  async state(): Promise<{ now: number; offset_seconds: number }> {
    const stored = Number((await this.store.getSetting(CLOCK_OFFSET_SETTING)) ?? '0');
    if (Number.isFinite(stored)) this.clock.advanceTo(stored);
    return this.#view();
  }

  #view(): { now: number; offset_seconds: number } {
    return { now: this.clock.now(), offset_seconds: Math.floor(this.clock.offsetMs() / 1000) };
  }

  async advance(seconds: number): Promise<{ now: number; offset_seconds: number }> {
    if (this.profile !== 'local') {
      throw new PlatformError('CLOCK_CONTROL_DISABLED', 'the clock can only be moved in the local profile');
    }
    if (!Number.isInteger(seconds) || seconds <= 0 || seconds > 10 * 365 * 86_400) {
      throw new PlatformError('BAD_REQUEST', 'seconds must be a positive integer (at most ten years)');
    }
    const offset = await this.store.write(async (tx) =>
      tx.addToSetting(CLOCK_OFFSET_SETTING, seconds * 1000),
    );
    this.clock.advanceTo(offset);
    this.bus.emit('clock.advanced', { offsetMs: offset });
    return this.#view();
  }
}
