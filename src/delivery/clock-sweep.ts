/**
 * A pass over rows that fall due on the virtual clock (chat boosts that expire, Stars subscriptions
 * that renew), run when the clock moves, when the pass says, at least every minute, and once at
 * start (rows that fell due while the server was down). A pass is claimed under its name so that one
 * process at a time runs it; each pass's writes read their rows again, so what runs twice acts once.
 */
import type { FastifyBaseLogger } from 'fastify';
import { DueLoop } from './due-loop.js';
import type { JobClaimant } from './job-claimant.js';
import type { Clock } from '../platform/core/clock.js';

/** Rows that fall due between passes are looked at within this long (real or virtual time). */
const RECHECK_MS = 60_000;

export interface SweepOptions {
  /** The claim's name, one per kind of pass. */
  name: string;
  /** What a failed pass logs. */
  failure: string;
  /** Runs one pass; answers when (virtual ms) the next is due, if it knows. */
  pass: () => Promise<number | undefined>;
}

export class ClockSweep {
  readonly #loop: DueLoop;
  #unsubscribe: (() => void) | undefined;

  constructor(
    private readonly clock: Clock,
    log: FastifyBaseLogger,
    private readonly claimant: JobClaimant,
    private readonly options: SweepOptions,
  ) {
    this.#loop = new DueLoop(
      clock,
      () => this.#pump(),
      (error) => log.error({ err: error }, options.failure),
    );
  }

  /** `fresh`: the store is new and empty, so nothing is due; the first look is a minute away. */
  start(fresh = false): void {
    this.#unsubscribe = this.clock.onAdvance(() => this.#loop.kick());
    if (fresh) this.#loop.wakeAt(this.clock.nowMs() + RECHECK_MS);
    else this.#loop.kick();
  }

  async #pump(): Promise<number | undefined> {
    const { name } = this.options;
    if (!(await this.claimant.claims.claimSweep(name, this.claimant.lease()))) {
      // Another process runs the pass: look again when its claim may have lapsed.
      return this.clock.nowMs() + this.claimant.recheckMs;
    }
    let next: number | undefined;
    try {
      next = await this.options.pass();
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
