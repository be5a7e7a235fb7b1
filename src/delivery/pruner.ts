/**
 * Retention: deletes updates older than their type's retention (24 h for messages), webhook
 * delivery log rows beyond the newest of each bot (ADR 0059) and timeline events beyond the newest
 * (ADR 0099), every minute and whenever the virtual clock moves. A sweep is claimed (`retention`),
 * so that one process at a time runs it; it is idempotent, so a sweep run twice does no harm.
 *
 * Off the hot path, in small steps (ADR 0092): each step is one small write by a range of an index
 * (expired updates: a slice of the expiry index; the log: one bot's rows below its edge in the
 * (bot_id, id) index; the timeline: its oldest slice by id), and the sweep pauses between steps for
 * four times as long as the step took (`PacedWork`, storage/paced-work.ts), so that it takes at
 * most a fifth of the event loop however much it has to delete (issue 31, ADR 0107: a sweep that
 * only yielded ran ~110 timeline slices of 4-9 ms nearly back to back after a 10,000-bot world was
 * made, and every write of that half second waited for them). The log is pruned for the bots that
 * wrote to it since the last sweep (this process's deliveries tell it), plus a slice of every bot
 * with a log, in id order, carried on from sweep to sweep, so that rows another process (or an
 * earlier run) left are pruned in time too.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { JobClaimant } from './job-claimant.js';
import type { Platform } from '../platform/assembly/platform.js';
import { PacedWork } from '../storage/paced-work.js';
import type { StoreTx } from '../storage/store.js';
import { DEFAULT_TIMELINE_MAX, TIMELINE_MAX_AGE_MS } from '../platform/timeline/timeline.js';

const INTERVAL_MS = 60_000;
const SWEEP = 'retention';
/** Webhook delivery attempts kept per bot, and of them the ones that keep their payload (replay). */
export const WEBHOOK_LOG_KEEP = 1000;
export const WEBHOOK_LOG_KEEP_PAYLOADS = 100;
/** Expired updates deleted per step. */
const EXPIRED_SLICE = 1000;
/**
 * Timeline events deleted per step (30,000 at once held the event loop for 200-370 ms; 1000 took
 * 9 ms and 250 took 1 ms at 130,000 events, ADR 0107).
 */
const TIMELINE_SLICE = 250;
/**
 * The sweep's pace is the background default (storage/paced-work.ts): after a step that took
 * `stepMs`, four times as long, at most 50 ms; under a millisecond only a turn of the event loop.
 */
export { pauseAfterStep } from '../storage/paced-work.js';
/** Bots of the full pass over the log per sweep (besides the bots that logged since the last). */
const FULL_PASS_SLICE = 200;

export interface PrunerOptions {
  /** The bots whose delivery log grew since the last call (the webhook worker's). */
  loggedBots?: () => Iterable<number>;
  /** Timeline events kept (ADR 0099); undefined: DEFAULT_TIMELINE_MAX. */
  timelineMax?: number | undefined;
  /** Waits `ms` between two steps (tests watch it); default: a timer, or setImmediate under 1 ms. */
  pause?: (ms: number) => Promise<void>;
}

export class Pruner {
  #timer: NodeJS.Timeout | undefined;
  #unsubscribe: (() => void) | undefined;
  /** Where the full pass over the log's bots carries on (the last bot id pruned). */
  #passAfter = 0;
  #running: Promise<number> | undefined;
  /** The sweep asked for while one runs: it runs after (the clock may have moved meanwhile). */
  #again: Promise<number> | undefined;
  /** The sweep's pace; stop() ends a sweep running at its next pause (a paced sweep may last seconds). */
  readonly #pace: PacedWork;

  constructor(
    private readonly platform: Platform,
    private readonly log: FastifyBaseLogger,
    private readonly claimant: JobClaimant,
    private readonly options: PrunerOptions = {},
  ) {
    this.#pace = new PacedWork(options.pause ? { pause: options.pause } : {});
  }

  start(): void {
    this.#pace.start();
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
        const pace = this.#pace;
        // A step is timed inside its write (not its wait in the writes' queue behind requests).
        const step = <T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> =>
          store.write((tx) => pace.timed(() => fn(tx)));
        // Each loop answers whether to go on: not once the pruner was stopped (the store may be closing).
        const expired = await pace.repeat(async () => {
          const slice = await step((tx) => tx.deleteExpiredUpdates(clock.now(), EXPIRED_SLICE));
          deleted += slice;
          return slice === EXPIRED_SLICE;
        });
        if (!expired) return deleted;
        // The webhook delivery log keeps the newest attempts of each bot (ADR 0059).
        const bots = new Set(this.options.loggedBots?.() ?? []);
        const pass = await store.listWebhookLogBots(this.#passAfter, FULL_PASS_SLICE);
        this.#passAfter = pass.length < FULL_PASS_SLICE ? 0 : pass.at(-1)!;
        for (const botId of pass) bots.add(botId);
        for (const botId of bots) {
          if (!(await pace.pause())) return deleted;
          await step((tx) => tx.pruneWebhookAttempts(botId, WEBHOOK_LOG_KEEP, WEBHOOK_LOG_KEEP_PAYLOADS));
        }
        // The timeline keeps its newest events, none older than its age (ADR 0099).
        if (!(await pace.pause())) return deleted;
        await this.platform.timeline.flush();
        const keep = this.options.timelineMax ?? DEFAULT_TIMELINE_MAX;
        await pace.repeat(async () => {
          const olderThan = clock.nowMs() - TIMELINE_MAX_AGE_MS;
          const slice = await step((tx) => tx.pruneTimeline(keep, olderThan, TIMELINE_SLICE));
          return slice === TIMELINE_SLICE;
        });
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
    this.#pace.stop();
    clearInterval(this.#timer);
    this.#unsubscribe?.();
  }
}
