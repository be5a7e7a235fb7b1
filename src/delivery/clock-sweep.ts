/**
 * Runs the platform's timed jobs (platform/core/timed-jobs.ts: chat boosts that expire, Stars
 * subscriptions that renew, ...; each registered by the part that owns it) as sweeps over their rows:
 * each when the clock moves, when its pass says, at least every minute, and once at start (rows that
 * fell due while the server was down). A pass is claimed under the job's name so that one process at
 * a time runs it; each pass's writes read their rows again, so what runs twice acts once.
 *
 * A world's sweeps share one schedule: one timer for the earliest wake of them all (a `DueQueue`)
 * and one subscription to the clock's advances, not a timer and two clock subscriptions each (issue
 * 28: with an abort controller per wake, five of each were a tenth of starting and closing a world).
 */
import type { FastifyBaseLogger } from 'fastify';
import { DueLoop } from './due-loop.js';
import { DueQueue } from './due-queue.js';
import type { JobClaimant } from './job-claimant.js';
import type { Clock } from '../platform/core/clock.js';
import type { TimedJob } from '../platform/core/timed-jobs.js';

/** Rows that fall due between passes are looked at within this long (real or virtual time). */
const RECHECK_MS = 60_000;

/** The sweeps of one world's timed jobs, on one schedule. */
export class ClockSweeps {
  readonly #loops: DueLoop[];
  /** Made at start: it subscribes to the clock as it is made. */
  #wakes: DueQueue<DueLoop> | undefined;
  #unsubscribe: (() => void) | undefined;

  constructor(
    private readonly clock: Clock,
    log: FastifyBaseLogger,
    claimant: JobClaimant,
    jobs: readonly TimedJob[],
  ) {
    this.#loops = jobs.map((job) => {
      const loop: DueLoop = new DueLoop(
        clock,
        () => pass(clock, claimant, job),
        (error) => log.error({ err: error }, job.failure),
        {
          set: (atMs) => this.#wakes?.schedule(loop, atMs),
          clear: () => this.#wakes?.cancel(loop),
        },
      );
      return loop;
    });
  }

  /** `fresh`: the store is new and empty, so nothing is due; the first look is a minute away. */
  start(fresh = false): void {
    if (this.#loops.length === 0) return;
    this.#wakes = new DueQueue(this.clock, (loop) => loop.kick());
    this.#unsubscribe = this.clock.onAdvance(() => {
      for (const loop of this.#loops) loop.kick();
    });
    const first = this.clock.nowMs() + RECHECK_MS;
    for (const loop of this.#loops) {
      if (fresh) loop.wakeAt(first);
      else loop.kick();
    }
  }

  /** Resolves when the passes in progress have returned. */
  async stop(): Promise<void> {
    this.#unsubscribe?.();
    this.#wakes?.stop();
    for (const loop of this.#loops) await loop.stop();
  }
}

/** One pass of `job`, claimed; answers when the next is due. */
async function pass(clock: Clock, claimant: JobClaimant, job: TimedJob): Promise<number | undefined> {
  const { name } = job;
  if (!(await claimant.claims.claimSweep(name, claimant.lease()))) {
    // Another process runs the pass: look again when its claim may have lapsed.
    return clock.nowMs() + claimant.recheckMs;
  }
  let next: number | undefined;
  try {
    next = await job.run();
  } finally {
    await claimant.release([{ kind: 'sweep', name }]);
  }
  return Math.min(next ?? Infinity, clock.nowMs() + RECHECK_MS);
}
