/**
 * The driving loop of a durable job worker: `pump` does the work due now and answers when (virtual
 * ms) it wants to run next, if ever. The loop runs it when kicked (new jobs, the clock moved, work
 * finished), never twice at once (a kick meanwhile runs it again after), and at the time it asked
 * for, following both real time and clock advances.
 *
 * The wake is its own timer, or a slot in a schedule shared by many loops (`WakeSlot`: the webhook
 * worker's one due queue for every bot, ADR 0092), so that an idle loop holds no timer of its own.
 */
import { sleepUntil, type Clock } from '../platform/core/clock.js';

/** A loop's place in a shared schedule, which kicks the loop when its time comes. */
export interface WakeSlot {
  set(atMs: number): void;
  clear(): void;
}

/** The abort reason of a wake that is no longer wanted. */
const CANCELLED = 'cancelled';

export class DueLoop {
  #pumping = false;
  #again = false;
  #stopped = false;
  /** The pending wake, if any: its time (virtual ms) and how to cancel it. */
  #timer: AbortController | undefined;
  #wakeAt: number | undefined;
  #running: Promise<void> = Promise.resolve();

  constructor(
    private readonly clock: Clock,
    private readonly pump: () => Promise<number | undefined>,
    private readonly onError: (error: unknown) => void,
    private readonly slot?: WakeSlot,
  ) {}

  kick(): void {
    if (this.#stopped) return;
    if (this.#pumping) {
      this.#again = true;
      return;
    }
    this.#pumping = true;
    // Kicks of one event-loop turn (a batch of sends) share one pump.
    this.#running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.#run())
      .finally(() => {
        this.#pumping = false;
        if (this.#again) {
          this.#again = false;
          this.kick();
        }
      });
  }

  async #run(): Promise<void> {
    let wakeAt: number | undefined;
    try {
      wakeAt = await this.pump();
    } catch (error) {
      this.onError(error);
      // Try again in a minute rather than never.
      wakeAt = this.clock.nowMs() + 60_000;
    }
    this.#schedule(wakeAt);
  }

  /**
   * Runs the pump at `atMs` (virtual ms) without running it now: what a pump over a new, empty
   * store would have asked for (issue 28: a new workspace's workers start without a query).
   */
  wakeAt(atMs: number): void {
    if (!this.#stopped && !this.#pumping) this.#schedule(atMs);
  }

  #schedule(wakeAt: number | undefined): void {
    if (this.slot) {
      if (wakeAt === undefined || this.#stopped) this.slot.clear();
      else this.slot.set(wakeAt);
      return;
    }
    // A pump mostly asks for the wake it asked for last time (a worker pumps at every finished job):
    // the pending wake stays, instead of a new timer and an abort per pump (which showed in profiles).
    if (wakeAt !== undefined && wakeAt === this.#wakeAt && !this.#stopped) return;
    this.#cancelWake();
    if (wakeAt === undefined || this.#stopped) return;
    const timer = new AbortController();
    this.#timer = timer;
    this.#wakeAt = wakeAt;
    void sleepUntil(this.clock, wakeAt, timer.signal).then(() => {
      if (timer.signal.aborted) return;
      // This wake is used up: a pump that asks for the same time again gets a new one.
      this.#timer = undefined;
      this.#wakeAt = undefined;
      this.kick();
    });
  }

  #cancelWake(): void {
    // A reason given: without one, abort() builds a DOMException (with its stack) for nobody.
    this.#timer?.abort(CANCELLED);
    this.#timer = undefined;
    this.#wakeAt = undefined;
  }

  /** Stops scheduling; resolves when a pump in progress has returned. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#cancelWake();
    this.slot?.clear();
    await this.#running;
  }
}
