/**
 * Runs one of the platform's timed jobs (platform/core/timed-jobs.ts: chat boosts that expire, Stars
 * subscriptions that renew, ...; each registered by the part that owns it) as a sweep over its rows:
 * when the clock moves, when the pass says, at least every minute, and once at start (rows that fell
 * due while the server was down). A pass is claimed under the job's name so that one process at a
 * time runs it; each pass's writes read their rows again, so what runs twice acts once.
 */
import type { FastifyBaseLogger } from 'fastify';
import { DueLoop } from './due-loop.js';
import type { JobClaimant } from './job-claimant.js';
import type { Clock } from '../platform/core/clock.js';
import type { TimedJob } from '../platform/core/timed-jobs.js';

/** Rows that fall due between passes are looked at within this long (real or virtual time). */
const RECHECK_MS = 60_000;

export class ClockSweep {
  readonly #loop: DueLoop;
  #unsubscribe: (() => void) | undefined;

  constructor(
    private readonly clock: Clock,
    log: FastifyBaseLogger,
    private readonly claimant: JobClaimant,
    private readonly job: TimedJob,
  ) {
    this.#loop = new DueLoop(
      clock,
      () => this.#pump(),
      (error) => log.error({ err: error }, job.failure),
    );
  }

  /** `fresh`: the store is new and empty, so nothing is due; the first look is a minute away. */
  start(fresh = false): void {
    this.#unsubscribe = this.clock.onAdvance(() => this.#loop.kick());
    if (fresh) this.#loop.wakeAt(this.clock.nowMs() + RECHECK_MS);
    else this.#loop.kick();
  }

  async #pump(): Promise<number | undefined> {
    const { name } = this.job;
    if (!(await this.claimant.claims.claimSweep(name, this.claimant.lease()))) {
      // Another process runs the pass: look again when its claim may have lapsed.
      return this.clock.nowMs() + this.claimant.recheckMs;
    }
    let next: number | undefined;
    try {
      next = await this.job.run();
    } finally {
      await this.claimant.release([{ kind: 'sweep', name }]);
    }
    return Math.min(next ?? Infinity, this.clock.nowMs() + RECHECK_MS);
  }

  async stop(): Promise<void> {
    this.#unsubscribe?.();
    await this.#loop.stop();
  }
}
