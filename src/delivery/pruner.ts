/**
 * Retention: deletes updates older than their type's retention (24 h for messages), and webhook
 * delivery log rows beyond the newest of each bot (ADR 0059), every minute
 * and whenever the virtual clock moves. A sweep is claimed (`retention`), so that one process at a
 * time runs it; it is idempotent, so a sweep run twice does no harm.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { JobClaimant } from './job-claimant.js';
import type { Platform } from '../platform/core/platform.js';

const INTERVAL_MS = 60_000;
const SWEEP = 'retention';
/** Webhook delivery attempts kept per bot, and of them the ones that keep their payload (replay). */
export const WEBHOOK_LOG_KEEP = 1000;
export const WEBHOOK_LOG_KEEP_PAYLOADS = 100;

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
        return await store.write(async (tx) => {
          const deleted = await tx.deleteExpiredUpdates(clock.now());
          // The webhook delivery log keeps the newest attempts of each bot (ADR 0059).
          await tx.pruneWebhookAttempts(WEBHOOK_LOG_KEEP, WEBHOOK_LOG_KEEP_PAYLOADS);
          return deleted;
        });
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
