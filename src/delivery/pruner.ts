/**
 * Retention: deletes updates older than their type's retention (24 h for messages), every minute
 * and whenever the virtual clock moves. A sweep is claimed (`retention`), so that one process at a
 * time runs it; it is idempotent, so a sweep run twice does no harm.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { JobClaimant } from './job-claimant.js';
import type { Platform } from '../platform/core/platform.js';

const INTERVAL_MS = 60_000;
const SWEEP = 'retention';

export class Pruner {
  #timer: NodeJS.Timeout | undefined;
  #unsubscribe: (() => void) | undefined;

  constructor(
    private readonly platform: Platform,
    private readonly log: FastifyBaseLogger,
    private readonly claimant: JobClaimant,
  ) {}

  start(): void {
    this.#timer = setInterval(() => void this.prune(), INTERVAL_MS);
    this.#timer.unref();
    this.#unsubscribe = this.platform.deps.clock.onAdvance(() => void this.prune());
  }

  async prune(): Promise<number> {
    const { store, clock } = this.platform.deps;
    try {
      if (!(await this.claimant.claims.claimSweep(SWEEP, this.claimant.lease()))) return 0;
      try {
        return await store.write(async (tx) => tx.deleteExpiredUpdates(clock.now()));
      } finally {
        await this.claimant.release([{ kind: 'sweep', name: SWEEP }]);
      }
    } catch (error) {
      this.log.error({ err: error }, 'pruning expired updates failed');
      return 0;
    }
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#unsubscribe?.();
  }
}
