/**
 * Webhook delivery: each pending update of a bot with a webhook is POSTed to it as JSON, durably.
 *
 * The update row is the job. Its life:
 *   pending (next_attempt_at <= now) --POST--> in flight --2xx--> deleted (delivered)
 *                                                   \--failure--> pending again with attempts+1 and
 *                                                       next_attempt_at = now + backoff, or deleted
 *                                                       when that falls after the update's expiry.
 * A row is claimed (job-claimant.ts, storage/ports/jobs.ts) before it is started, and released once
 * its outcome is written, so one process at a time delivers it and never two requests at once; after
 * a crash its lease expires and it is pending again, so an update is delivered at least once.
 *
 * Ordering: updates with one queue key (a chat) are delivered one at a time, in update_id order; an
 * update waiting for a retry holds back the later ones of its chat. Up to max_connections requests
 * are open at once (reference §4.2); a chat's next update goes once the last one's answer says it
 * was delivered (its delete is written after, ADR 0117), a failed attempt's chat stays held until
 * its retry is written, and a connection serves another chat as soon as the answer is read.
 *
 * This file holds the worker: one BotDelivery per bot with a webhook (bot-delivery.ts), the events
 * that wake them, the shared write that deletes delivered rows, and what the bots share (ADR 0092):
 * one schedule of their next looks (a due queue with one timer, not a timer loop per bot) and the
 * connection pools by webhook origin. An idle bot costs an entry in a map; a new update of a bot
 * costs a map lookup; an advance of the virtual clock costs O(bots due).
 */
import type { FastifyBaseLogger } from 'fastify';
import { BotDelivery, type DeliveryHost } from './bot-delivery.js';
import { DueQueue } from './due-queue.js';
import { updateJob, type JobClaimant } from './job-claimant.js';
import { OriginPools } from './webhook-connection.js';
import { attemptEvent } from './webhook-log.js';
import type { Platform } from '../platform/assembly/platform.js';
import type { NewWebhookAttempt } from '../storage/store.js';

/**
 * Runs the method call a webhook answered with, as the bot (spec: a method in the response to a
 * webhook); its result is not observable, so it returns nothing and must not throw.
 */
export type WebhookReplyRunner = (botId: number, contentType: string, body: string) => Promise<void>;

/** A bot's delivered updates whose rows wait to be deleted, and the write that will. */
interface PendingDeletes {
  batch: Array<[updateId: number, logged?: NewWebhookAttempt]>;
  deleting?: Promise<void>;
}

export class WebhookWorker implements DeliveryHost {
  readonly #bots = new Map<number, BotDelivery>();
  readonly #unsubscribe: Array<() => void> = [];
  stopped = false;
  /** Told each attempt's outcome (the metrics, ADR 0060). */
  onAttempt: (outcome: 'delivered' | 'failed') => void = () => {};
  /**
   * Delivered updates whose rows are not deleted yet (with their delivery log rows), and the one
   * write that will delete them.
   */
  /** Per bot: its deliveries not yet taken by a write, and that write. */
  readonly #delivered = new Map<number, PendingDeletes>();
  readonly wakes: DueQueue<number>;
  readonly pools = new OriginPools();
  /** Bots that logged attempts since the retention sweep last asked (`takeLoggedBots`). */
  #loggedBots = new Set<number>();

  constructor(
    readonly platform: Platform,
    readonly log: FastifyBaseLogger,
    /** Runs a method call found in a webhook's answer (the Bot API's, given by the composition root). */
    readonly runReply: WebhookReplyRunner,
    /** Claims the rows before they are delivered (job-claimant.ts). */
    readonly claimant: JobClaimant,
  ) {
    this.wakes = new DueQueue(platform.deps.clock, (botId) => this.#bots.get(botId)?.kick());
  }

  /** Bots whose delivery log grew since the last call (the retention sweep prunes those). */
  takeLoggedBots(): Set<number> {
    const bots = this.#loggedBots;
    this.#loggedBots = new Set();
    return bots;
  }

  /** A bot's delivery wrote attempts to the delivery log. */
  logged(botId: number): void {
    this.#loggedBots.add(botId);
    this.platform.timeline.appended();
  }

  /** `fresh`: the store is new and empty, so no bot has a webhook yet. */
  start(fresh = false): void {
    const { bus, store } = this.platform.deps;
    this.#unsubscribe.push(
      bus.on('webhook.changed', ({ botId }) => void this.#retarget(botId)),
      bus.on('updates.queued', ({ botId }) => this.#bots.get(botId)?.queued()),
      // A replayed update may sit below what the claims read on from (ADR 0059): give it back first.
      bus.on('webhook.replayed', ({ botId, updateId }) => {
        this.claimant
          .release([updateJob(botId, updateId)])
          .catch((error: unknown) => this.log.error({ err: error }, 'releasing claims failed'))
          .finally(() => this.#bots.get(botId)?.queued());
      }),
      // Events may have been missed: every bot's queue is looked at again.
      bus.on('events.resumed', () => {
        for (const delivery of this.#bots.values()) delivery.queued();
      }),
    );
    // An advance of the clock is heard by the due queue: it kicks the bots due by the new time.
    if (fresh) return;
    void store.listBotsWithWebhook().then((bots) => {
      for (const bot of bots) this.#delivery(bot.id).retarget(bot);
    });
  }

  /**
   * Deletes a delivered update's row; resolves once that is committed. The next update of its chat
   * does not wait for it (ADR 0117): the deletes of a bot are written in the order of its
   * deliveries (one write connection per bot), so after a crash what is sent again is in order. The
   * deliveries of a bot that finish in one turn of the event loop share one write.
   */
  delivered(botId: number, updateId: number, logged?: NewWebhookAttempt): Promise<void> {
    const waiting = this.#delivered.get(botId);
    if (waiting) {
      waiting.batch.push([updateId, logged]);
      return waiting.deleting!;
    }
    const next: PendingDeletes = { batch: [[updateId, logged]] };
    this.#delivered.set(botId, next);
    // The batch takes the deliveries of this turn of the event loop, no later one: the write may
    // run in a transaction whose snapshot was taken before a later delivery's row was claimed
    // (PostgreSQL's batches, ADR 0106), and deleting a row whose claim committed after the
    // snapshot fails the whole batch as a serialization conflict. A later delivery starts a write
    // of its own (the same key: it commits after this one).
    const close = () => {
      if (this.#delivered.get(botId) === next) this.#delivered.delete(botId);
    };
    setImmediate(close);
    // The batch is taken when the write runs, once: an adapter may run a write's fn again
    // (PostgreSQL, on a conflict), and a second run must delete the same rows. The write names the
    // bot (store.ts WriteKey): on PostgreSQL it goes to the bot's write connection, with the bot's
    // other hot writes (ADR 0106).
    let batch: PendingDeletes['batch'] | undefined;
    const deleting = this.platform.deps.store
      .write({ bot: botId }, async (tx) => {
        if (batch === undefined) {
          batch = next.batch;
          close();
        }
        await tx.deleteUpdates(
          botId,
          batch.map(([update]) => update),
        );
        // The delivery log's rows of the batch go in the same write (ADR 0059).
        const log = batch.flatMap(([, logged]) => (logged ? [logged] : []));
        if (log.length > 0) {
          await tx.insertWebhookAttempts(log);
          if (this.platform.timeline.enabled)
            await tx.insertTimelineEvents(log.map((logged) => attemptEvent(logged))); // ADR 0099
        }
        this.#loggedBots.add(botId);
      })
      .then(() => {
        this.platform.timeline.appended();
        // The rows are gone: their claims go with them, in one call for the batch.
        const done = batch!.map(([update]) => updateJob(botId, update));
        this.claimant
          .release(done, true)
          .catch((error: unknown) => this.log.error({ err: error }, 'releasing claims failed'));
      });
    next.deleting = deleting;
    return deleting;
  }

  #delivery(botId: number): BotDelivery {
    let delivery = this.#bots.get(botId);
    if (!delivery) {
      delivery = new BotDelivery(botId, this);
      this.#bots.set(botId, delivery);
    }
    return delivery;
  }

  async #retarget(botId: number): Promise<void> {
    const bot = await this.platform.deps.store.getBot(botId);
    this.#delivery(botId).retarget(bot);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
    await Promise.all([...this.#bots.values()].map((delivery) => delivery.stop()));
    this.wakes.stop();
  }
}
