/**
 * The one source of time for every timed rule (update retention, webhook backoff, later ttl and code
 * expiry). In the `local` profile the control API can move it forward; it never moves backward.
 * The offset is kept by the caller (persisted in storage, platform/core/virtual-time.ts) so virtual
 * time survives a restart and is one clock for every process on one database.
 */
import { EventEmitter } from 'node:events';

export interface Clock {
  /** Milliseconds since the Unix epoch, virtual. */
  nowMs(): number;
  /** Whole seconds since the Unix epoch, virtual: what the wire shows as a date. */
  now(): number;
  /** How far the virtual clock is ahead of the system clock, in milliseconds. */
  offsetMs(): number;
  /** Called after the clock moved forward, so timers can re-check what is due. */
  onAdvance(listener: () => void): () => void;
}

export class SystemClock implements Clock {
  readonly #events = new EventEmitter();
  #offsetMs: number;
  readonly #base: () => number;

  constructor(offsetMs = 0, base: () => number = Date.now) {
    this.#offsetMs = offsetMs;
    this.#base = base;
    this.#events.setMaxListeners(0);
  }

  nowMs(): number {
    return this.#base() + this.#offsetMs;
  }

  now(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  offsetMs(): number {
    return this.#offsetMs;
  }

  /** Moves the clock forward by `ms` (never backward) and tells the listeners. */
  advance(ms: number): void {
    if (!(ms > 0)) return;
    this.#offsetMs += ms;
    this.#events.emit('advance');
  }

  /** Moves the clock forward to an offset (a stored one, maybe set by another process); never back. */
  advanceTo(offsetMs: number): void {
    if (offsetMs > this.#offsetMs) this.advance(offsetMs - this.#offsetMs);
  }

  onAdvance(listener: () => void): () => void {
    this.#events.on('advance', listener);
    return () => this.#events.off('advance', listener);
  }
}

/**
 * Waits until the virtual time reaches `atMs`, following both real time and clock advances.
 * Resolves early when `signal` aborts. Used by timed work instead of a bare setTimeout.
 */
export function sleepUntil(clock: Clock, atMs: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      if (timer) clearTimeout(timer);
      unsubscribe();
      signal?.removeEventListener('abort', finish);
      resolve();
    };
    const check = () => {
      if (timer) clearTimeout(timer);
      const left = atMs - clock.nowMs();
      if (left <= 0) return finish();
      timer = setTimeout(check, Math.min(left, 2 ** 31 - 1));
    };
    const unsubscribe = clock.onAdvance(check);
    signal?.addEventListener('abort', finish);
    check();
  });
}
