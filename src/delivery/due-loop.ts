/**
 * The driving loop of a durable job worker: `pump` does the work due now and answers when (virtual
 * ms) it wants to run next, if ever. The loop runs it when kicked (new jobs, the clock moved, work
 * finished), never twice at once (a kick meanwhile runs it again after), and at the time it asked
 * for, following both real time and clock advances.
 *
 * The wake is its own timer, or a slot in a schedule shared by many loops (`WakeSlot`: the webhook
 * worker's one due queue for every bot, ADR 0092), so that an idle loop holds no timer of its own.
 */
import type { Clock } from '../platform/core/clock.js';

/** A loop's place in a shared schedule, which kicks the loop when its time comes. */
export interface WakeSlot {
  set(atMs: number): void;
  clear(): void;
}

/** setTimeout's longest delay; a later wake is re-armed when it is reached. */
const MAX_DELAY = 2 ** 31 - 1;

/**
 * A loop's own pending wake: a timer for the real time left and a subscription to the clock's
 * advances, both dropped when it fires or is cancelled; `due` is called in a microtask after it
 * fires, as the promise of `sleepUntil` it replaces resolved. (That was an AbortController per wake:
 * aborting one builds and dispatches an `Event`, the larger part of stopping a world's workers, issue 28.)
 */
class OwnWake {
  #timer: NodeJS.Timeout | undefined;
  readonly #unsubscribe: () => void;

  constructor(
    private readonly clock: Clock,
    readonly atMs: number,
    private readonly due: () => void,
  ) {
    this.#unsubscribe = clock.onAdvance(() => this.#check());
    this.#check();
  }

  #check(): void {
    clearTimeout(this.#timer);
    const left = this.atMs - this.clock.nowMs();
    if (left > 0) {
      this.#timer = setTimeout(() => this.#check(), Math.min(left, MAX_DELAY));
      return;
    }
    this.cancel();
    queueMicrotask(this.due);
  }

  cancel(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#unsubscribe();
  }
}

/**
 * The loops kicked in this turn of the event loop: one `setImmediate` starts them all, one after
 * another in the same task, so that what each asks the store before its first wait is asked in the
 * same turn as the others' (PostgreSQL's claims of several bots go in one transaction, ADR 0126).
 */
let kicked: Array<() => void> = [];

function nextTurn(start: () => void): void {
  if (kicked.length === 0)
    setImmediate(() => {
      const starts = kicked;
      kicked = [];
      for (const each of starts) each();
    });
  kicked.push(start);
}

export class DueLoop {
  #pumping = false;
  #again = false;
  #stopped = false;
  /** The pending wake of a loop without a slot, if any. */
  #wake: OwnWake | undefined;
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
    this.#running = new Promise<void>((resolve) => nextTurn(resolve))
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
    if (wakeAt !== undefined && wakeAt === this.#wake?.atMs && !this.#stopped) return;
    this.#cancelWake();
    if (wakeAt === undefined || this.#stopped) return;
    const wake: OwnWake = new OwnWake(this.clock, wakeAt, () => {
      // Cancelled (or replaced) after it fired: no kick.
      if (this.#wake !== wake) return;
      // This wake is used up: a pump that asks for the same time again gets a new one.
      this.#wake = undefined;
      this.kick();
    });
    this.#wake = wake;
  }

  #cancelWake(): void {
    this.#wake?.cancel();
    this.#wake = undefined;
  }

  /** Stops scheduling; resolves when a pump in progress has returned. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#cancelWake();
    this.slot?.clear();
    await this.#running;
  }
}
