/**
 * Paced background work (issue 31, ADR 0107): a loop of small steps that must not hold the event
 * loop (or a write connection) however much it has to do, such as the retention sweep
 * (delivery/pruner.ts) and the search index's background chunks (search-indexer.ts). Each step is
 * timed (`timed`), and after it the loop pauses (`pause`) for long enough that its steps take at
 * most `share` of the time while it runs: a step of `t` ms is followed by `t * (1 - share) / share`
 * ms (four times the step at the default fifth), at most `maxPauseMs` (a step slowed by a busy
 * machine does not stall the loop), and under a millisecond only a turn of the event loop
 * (setImmediate). `stop()` ends the loop at its next pause: a pause under way returns at once and
 * answers false, and so does every later one until `start()`.
 *
 * Steps are timed on real time (`performance.now`, or the caller's `now`), not the virtual clock:
 * what is paced is the process's own time. A step that runs inside a write should be timed inside
 * it, so that its wait in the writes' queue behind requests is not counted as its work.
 */
import { performance } from 'node:perf_hooks';

/** The share of the time background steps take while they run. */
export const BACKGROUND_SHARE = 0.2;
/** The longest pause between two steps, ms. */
export const MAX_PAUSE_MS = 50;

export interface PaceOptions {
  /** The share of the time the steps may take (0 < share <= 1); default BACKGROUND_SHARE. */
  share?: number;
  /** The longest pause, ms; default MAX_PAUSE_MS. */
  maxPauseMs?: number;
  /** The real clock steps are timed on, in ms; default `performance.now`. */
  now?: () => number;
  /** Waits `ms` (tests count the pauses); default `realPause`. */
  pause?: (ms: number) => Promise<void>;
}

/**
 * How long to wait after a step that took `stepMs`, so that steps take at most `share` of the
 * time: `stepMs * (1 - share) / share`, at most `maxPauseMs`.
 */
export function pauseAfterStep(stepMs: number, share = BACKGROUND_SHARE, maxPauseMs = MAX_PAUSE_MS): number {
  return Math.min(maxPauseMs, (Math.max(0, stepMs) * (1 - share)) / share);
}

/** A pause on real timers: a timer, or a turn of the event loop (setImmediate) under 1 ms. */
export function realPause(ms: number): Promise<void> {
  return new Promise((resolve) => (ms < 1 ? setImmediate(resolve) : setTimeout(resolve, ms)));
}

export class PacedWork {
  readonly #share: number;
  readonly #maxPauseMs: number;
  readonly #now: () => number;
  readonly #wait: (ms: number) => Promise<void>;
  #lastStepMs = 0;
  #stopped = false;
  /** Ends the pause under way (stop). */
  #cutShort: (() => void) | undefined;

  constructor(options: PaceOptions = {}) {
    this.#share = options.share ?? BACKGROUND_SHARE;
    this.#maxPauseMs = options.maxPauseMs ?? MAX_PAUSE_MS;
    this.#now = options.now ?? (() => performance.now());
    this.#wait = options.pause ?? realPause;
  }

  /** How long the last step took, ms. */
  get lastStepMs(): number {
    return this.#lastStepMs;
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  /** Runs `step`, timed: the next pause follows from its time (a failed step's too). */
  async timed<T>(step: () => Promise<T>): Promise<T> {
    const start = this.#now();
    try {
      return await step();
    } finally {
      this.#lastStepMs = this.#now() - start;
    }
  }

  /**
   * Waits after the last step timed (`pauseAfterStep`); answers whether to go on: false once
   * stopped, before or during the pause.
   */
  async pause(): Promise<boolean> {
    if (this.#stopped) return false;
    const ms = pauseAfterStep(this.#lastStepMs, this.#share, this.#maxPauseMs);
    await new Promise<void>((resolve) => {
      this.#cutShort = resolve;
      void this.#wait(ms).then(resolve, resolve);
    });
    this.#cutShort = undefined;
    return !this.#stopped;
  }

  /**
   * Runs `step` until it answers false (there is no more), pausing between two; answers false if
   * stopped before the end. The step times itself with `timed` (inside its write, if it writes).
   */
  async repeat(step: () => Promise<boolean>): Promise<boolean> {
    for (;;) {
      if (!(await step())) return true;
      if (!(await this.pause())) return false;
    }
  }

  /** Ends the loop at its next pause (a pause under way ends now). */
  stop(): void {
    this.#stopped = true;
    this.#cutShort?.();
  }

  /** Lets pauses go on again after a stop. */
  start(): void {
    this.#stopped = false;
  }
}
