/**
 * Retention: deletes updates older than their type's retention (24 h for messages), every minute
 * and whenever the virtual clock moves.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Platform } from '../platform/platform.js';

const INTERVAL_MS = 60_000;

export class Pruner {
  #timer: NodeJS.Timeout | undefined;
  #unsubscribe: (() => void) | undefined;

  constructor(
    private readonly platform: Platform,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.#timer = setInterval(() => void this.prune(), INTERVAL_MS);
    this.#timer.unref();
    this.#unsubscribe = this.platform.deps.clock.onAdvance(() => void this.prune());
  }

  async prune(): Promise<number> {
    const { store, clock } = this.platform.deps;
    try {
      return await store.write(async (tx) => tx.deleteExpiredUpdates(clock.now()));
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
