/**
 * Retention: deletes updates older than their type's retention (24 h for messages), webhook
 * delivery log rows beyond the newest of each bot (ADR 0059) and timeline events beyond the newest
 * (ADR 0099), every minute and whenever the virtual
 * clock moves. A sweep is claimed (`retention`), so that one process at a time runs it; it is
 * idempotent, so a sweep run twice does no harm.
 *
 * Off the hot path, in small steps (ADR 0092): each step is one small write by a range of an index
 * (expired updates: a slice of the expiry index; the log: one bot's rows below its edge in the
 * (bot_id, id) index; the timeline: its oldest slice by id), and the sweep yields to the event loop between steps, so that requests are
 * served in between. The log is pruned for the bots that wrote to it since the last sweep (this
 * process's deliveries tell it), plus a slice of every bot with a log, in id order, carried on from
 * sweep to sweep, so that rows another process (or an earlier run) left are pruned in time too.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { JobClaimant } from './job-claimant.js';
import type { Platform } from '../platform/assembly/platform.js';
import { DEFAULT_TIMELINE_MAX, TIMELINE_MAX_AGE_MS } from '../platform/timeline/timeline.js';

const INTERVAL_MS = 60_000;
const SWEEP = 'retention';
/** Webhook delivery attempts kept per bot, and of them the ones that keep their payload (replay). */
export const WEBHOOK_LOG_KEEP = 1000;
export const WEBHOOK_LOG_KEEP_PAYLOADS = 100;
/** Expired updates deleted per step. */
const EXPIRED_SLICE = 1000;
/** Timeline events deleted per step (30,000 at once held the event loop for 200-370 ms). */
const TIMELINE_SLICE = 1000;
/** Bots of the full pass over the log per sweep (besides the bots that logged since the last). */
const FULL_PASS_SLICE = 200;

export interface PrunerOptions {
  /** The bots whose delivery log grew since the last call (the webhook worker's). */
  loggedBots?: () => Iterable<number>;
  /** Timeline events kept (ADR 0099); undefined: DEFAULT_TIMELINE_MAX. */
  timelineMax?: number | undefined;
}

export class Pruner {
  #timer: NodeJS.Timeout | undefined;
  #unsubscribe: (() => void) | undefined;
  /** Where the full pass over the log's bots carries on (the last bot id pruned). */
  #passAfter = 0;
  #running: Promise<number> | undefined;
  /** The sweep asked for while one runs: it runs after (the clock may have moved meanwhile). */
  #again: Promise<number> | undefined;

  constructor(
    private readonly platform: Platform,
    private readonly log: FastifyBaseLogger,
    private readonly claimant: JobClaimant,
    private readonly options: PrunerOptions = {},
  ) {}

  start(): void {
    this.#timer = setInterval(() => void this.prune(), INTERVAL_MS);
    this.#timer.unref();
    this.#unsubscribe = this.platform.deps.clock.onAdvance(() => void this.prune());
  }

  /** Runs a sweep (after the one running, if any); answers the expired updates deleted. */
  prune(): Promise<number> {
    if (this.#running) {
      this.#again ??= this.#running.then(() => {
        this.#again = undefined;
        return this.prune();
      });
      return this.#again;
    }
    this.#running = this.#sweep().finally(() => (this.#running = undefined));
    return this.#running;
  }

  async #sweep(): Promise<number> {
    const { store, clock } = this.platform.deps;
    try {
      if (!(await this.claimant.claims.claimSweep(SWEEP, this.claimant.lease()))) return 0;
      try {
        let deleted = 0;
        for (;;) {
          const now = clock.now();
          const slice = await store.write((tx) => tx.deleteExpiredUpdates(now, EXPIRED_SLICE));
          deleted += slice;
          if (slice < EXPIRED_SLICE) break;
          await yieldToRequests();
        }
        // The webhook delivery log keeps the newest attempts of each bot (ADR 0059).
        const bots = new Set(this.options.loggedBots?.() ?? []);
        const pass = await store.listWebhookLogBots(this.#passAfter, FULL_PASS_SLICE);
        this.#passAfter = pass.length < FULL_PASS_SLICE ? 0 : pass.at(-1)!;
        for (const botId of pass) bots.add(botId);
        for (const botId of bots) {
          await yieldToRequests();
          await store.write((tx) =>
            tx.pruneWebhookAttempts(botId, WEBHOOK_LOG_KEEP, WEBHOOK_LOG_KEEP_PAYLOADS),
          );
        }
        // The timeline keeps its newest events, none older than its age (ADR 0099).
        await yieldToRequests();
        await this.platform.timeline.flush();
        const keep = this.options.timelineMax ?? DEFAULT_TIMELINE_MAX;
        for (;;) {
          const olderThan = clock.nowMs() - TIMELINE_MAX_AGE_MS;
          const slice = await store.write((tx) => tx.pruneTimeline(keep, olderThan, TIMELINE_SLICE));
          if (slice < TIMELINE_SLICE) break;
          await yieldToRequests();
        }
        return deleted;
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

/** Lets the requests waiting on the event loop go first. */
function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
