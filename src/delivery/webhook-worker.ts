/**
 * Webhook delivery: each pending update of a bot with a webhook is POSTed to it as JSON, durably.
 *
 * The update row is the job. Its life:
 *   pending (next_attempt_at <= now) --POST--> in flight --2xx--> deleted (delivered)
 *                                                   \--failure--> pending again with attempts+1 and
 *                                                       next_attempt_at = now + backoff, or deleted
 *                                                       when that falls after the update's expiry.
 * In-flight state lives only in memory: after a crash or restart every row is pending again, so an
 * update is delivered at least once and never by two requests at once (SQLite storage is used by
 * one process; a multi-process adapter will claim rows with a lease instead).
 *
 * Ordering: updates with one queue key (a chat) are delivered one at a time, in update_id order; an
 * update waiting for a retry holds back the later ones of its chat. Up to max_connections keys are in
 * flight at once (reference §4.2).
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Pool } from 'undici';
import { parseRetryAfter, webhookRetryDelayMs } from './backoff.js';
import { DueLoop } from './due-loop.js';
import { outboundConnector } from '../platform/outbound-connector.js';
import type { Platform } from '../platform/platform.js';
import type { BotRow, UpdateRow } from '../storage/store.js';

/**
 * Runs the method call a webhook answered with, as the bot (spec: a method in the response to a
 * webhook); its result is not observable, so it returns nothing and must not throw.
 */
export type WebhookReplyRunner = (botId: number, contentType: string, body: string) => Promise<void>;

export const SECRET_HEADER = 'X-Service-Bot-Api-Secret-Token';
const TIMEOUT_MS = 60_000;
const NEVER = Number.MAX_SAFE_INTEGER;
/** Pending rows read from the store per look, and kept in memory at most, per bot. */
const PAGE = 500;

interface Target {
  /** The request target: path and query of the URL. */
  path: string;
  secret: string | null;
  maxConnections: number;
  /** Connections to the webhook's origin (one origin: a Pool, without an Agent's lookup per call). */
  pool: Pool;
  authorization: string | undefined;
}

function describeFailure(error: unknown): string {
  const code = (error as { code?: string }).code ?? '';
  if (code === 'ECONNREFUSED') return 'Connection refused';
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'ETIMEDOUT') {
    return 'Read timeout expired';
  }
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'Connection reset by peer';
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code.startsWith('ERR_SSL')) {
    return `SSL error: ${(error as Error).message}`;
  }
  return (error as Error).message || 'Connection failed';
}

/** Delivery for one bot; kept while the server runs, re-targeted when the webhook changes. */
class BotDelivery {
  target: Target | undefined;
  readonly inFlightKeys = new Set<string>();
  readonly inFlight = new Set<Promise<void>>();
  readonly #loop: DueLoop;
  /**
   * Pending rows read ahead, in update_id order, not started yet. Reading a page once instead of
   * the head of the queue after every delivery is what keeps fan-out fast. It is dropped (and the
   * queue read again from the start) whenever order could change: a failed attempt (its row must
   * go before the later ones of its chat), a new target, or an empty queue.
   */
  #buffer: UpdateRow[] = [];
  /** The highest update_id read into the buffer so far. */
  #readUpTo = 0;
  /** Whether the store may hold pending rows past #readUpTo (new updates or a full page). */
  #more = true;
  readonly #inFlightIds = new Set<number>();
  /** Moves on at every finished attempt: a read that straddles one is not used. */
  #generation = 0;

  constructor(
    readonly botId: number,
    private readonly worker: WebhookWorker,
  ) {
    this.#loop = new DueLoop(
      worker.platform.deps.clock,
      () => this.#pump(),
      (error) => worker.log.error({ err: error, botId }, 'looking for webhook updates to deliver failed'),
    );
  }

  retarget(bot: BotRow | undefined): void {
    const old = this.target;
    this.target = undefined;
    if (bot && bot.webhook_url !== '') {
      const url = new URL(
        /^[a-z]+:\/\//i.test(bot.webhook_url) ? bot.webhook_url : `https://${bot.webhook_url}`,
      );
      let authorization: string | undefined;
      if (url.username || url.password) {
        const user = decodeURIComponent(url.username);
        const pass = decodeURIComponent(url.password);
        authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
        url.username = '';
        url.password = '';
      }
      const { config, lookup } = this.worker.platform.deps;
      // In `strict`, each new connection checks the address it connects to (DNS may have changed
      // since setWebhook); a refusal fails the attempt like any connect error.
      const connect = outboundConnector({
        profile: config.profile,
        lookup,
        fixedIp: bot.webhook_ip_fixed && bot.webhook_ip_address ? bot.webhook_ip_address : undefined,
        ca: bot.webhook_certificate || undefined,
      });
      this.target = {
        path: `${url.pathname}${url.search}`,
        secret: bot.webhook_secret,
        maxConnections: bot.webhook_max_connections,
        authorization,
        pool: new Pool(url.origin, {
          connections: bot.webhook_max_connections,
          pipelining: 1,
          headersTimeout: TIMEOUT_MS,
          bodyTimeout: TIMEOUT_MS,
          connect,
        }),
      };
    }
    if (old) void Promise.allSettled([...this.inFlight]).then(() => old.pool.close());
    this.#reread();
    this.kick();
  }

  /** Looks for work soon (one look per event-loop turn; see DueLoop). */
  kick(): void {
    this.#loop.kick();
  }

  /** New updates were queued for the bot. */
  queued(): void {
    this.#more = true;
    this.kick();
  }

  /** Forgets what was read ahead: the next look reads the queue from its start. */
  #reread(): void {
    this.#buffer = [];
    this.#readUpTo = 0;
    this.#more = true;
  }

  /** Starts what is due; answers when (virtual ms) the earliest held-back retry is due. */
  async #pump(): Promise<number | undefined> {
    const target = this.target;
    if (!target || this.worker.stopped) return undefined;
    let { wakeAt, blocked } = this.#startFromBuffer(target);
    while (this.inFlightKeys.size < target.maxConnections && this.#more && this.#buffer.length < PAGE) {
      if (this.#buffer.length === 0 && this.inFlight.size === 0) this.#readUpTo = 0;
      const generation = this.#generation;
      const rows = await this.worker.platform.deps.store.listPendingUpdates(this.botId, this.#readUpTo, PAGE);
      // An attempt finished meanwhile (and kicked another look): these rows may be stale.
      if (this.target !== target || generation !== this.#generation) return undefined;
      this.#more = rows.length === PAGE;
      if (rows.length === 0) break;
      this.#readUpTo = rows.at(-1)!.update_id;
      for (const row of rows) if (!this.#inFlightIds.has(row.update_id)) this.#buffer.push(row);
      ({ wakeAt, blocked } = this.#startFromBuffer(target));
      // Every row read so far waits for its chat: reading further cannot start anything sooner
      // than those chats finish, which kicks another look.
      if (blocked) break;
    }
    return wakeAt === NEVER ? undefined : wakeAt;
  }

  /**
   * Starts the buffered rows whose chat is free and that are due, in order. `blocked`: the buffer
   * still holds rows (all of them waiting for their chat or their retry time).
   */
  #startFromBuffer(target: Target): { wakeAt: number; blocked: boolean } {
    const now = this.worker.platform.deps.clock.nowMs();
    const held = new Set<string>(this.inFlightKeys);
    let wakeAt = NEVER;
    const left: UpdateRow[] = [];
    for (const row of this.#buffer) {
      if (this.inFlightKeys.size >= target.maxConnections || held.has(row.queue_key)) {
        left.push(row);
        continue;
      }
      held.add(row.queue_key);
      if (row.next_attempt_at > now) {
        wakeAt = Math.min(wakeAt, row.next_attempt_at);
        left.push(row);
        continue;
      }
      this.#start(target, row);
    }
    this.#buffer = left;
    return { wakeAt, blocked: left.length > 0 };
  }

  #start(target: Target, row: UpdateRow): void {
    this.inFlightKeys.add(row.queue_key);
    this.#inFlightIds.add(row.update_id);
    const job = this.#deliver(target, row)
      .catch((error: unknown) => {
        this.worker.log.error({ err: error, botId: this.botId }, 'webhook delivery failed');
        return false;
      })
      .then((delivered) => {
        this.#generation += 1;
        // A row that now waits for a retry goes before the later ones of its chat: read again.
        if (!delivered) this.#reread();
        this.inFlightKeys.delete(row.queue_key);
        this.#inFlightIds.delete(row.update_id);
        this.inFlight.delete(job);
        this.kick();
      });
    this.inFlight.add(job);
  }

  /** One attempt; true when the update is done with (delivered), false when it waits for a retry. */
  async #deliver(target: Target, row: UpdateRow): Promise<boolean> {
    const { platform } = this.worker;
    const { store, clock, random } = platform.deps;
    const body = `{"update_id":${row.update_id},"${row.type}":${row.payload}}`;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (target.secret) headers[SECRET_HEADER] = target.secret;
    if (target.authorization) headers.authorization = target.authorization;

    let failure: string;
    let retryAfter: number | undefined;
    try {
      const response = await target.pool.request({ method: 'POST', path: target.path, headers, body });
      if (response.statusCode >= 200 && response.statusCode < 300) {
        const contentType = String(response.headers['content-type'] ?? '');
        const text = await response.body.text();
        await this.worker.delivered(this.botId, row.update_id);
        await this.worker
          .runReply(this.botId, contentType, text)
          .catch((error: unknown) =>
            this.worker.log.error({ err: error, botId: this.botId }, 'method in webhook reply failed'),
          );
        return true;
      }
      await response.body.dump();
      failure =
        `Wrong response from the webhook: ${response.statusCode} ${STATUS_CODES[response.statusCode] ?? ''}`.trim();
      retryAfter = parseRetryAfter(response.headers['retry-after']);
    } catch (error) {
      failure = describeFailure(error);
    }
    if (this.target !== target) {
      // The webhook changed meanwhile: the new target retries this update without counting it.
      return false;
    }
    const attempts = row.attempts + 1;
    const next = clock.nowMs() + webhookRetryDelayMs(attempts, random, retryAfter);
    const now = clock.now();
    await store.write(async (tx) => {
      if (next > row.expires_at * 1000) await tx.deleteUpdate(this.botId, row.update_id);
      else await tx.recordAttempt(this.botId, row.update_id, attempts, next);
      await tx.updateBot(this.botId, { last_error_date: now, last_error_message: failure });
    });
    return false;
  }

  async stop(): Promise<void> {
    await this.#loop.stop();
    await Promise.allSettled([...this.inFlight]);
    await this.target?.pool.close();
  }
}

export class WebhookWorker {
  readonly #bots = new Map<number, BotDelivery>();
  readonly #unsubscribe: Array<() => void> = [];
  stopped = false;
  /** Delivered updates whose rows are not deleted yet, and the one write that will delete them. */
  #delivered: Array<[botId: number, updateId: number]> = [];
  #deleting: Promise<void> | undefined;

  constructor(
    readonly platform: Platform,
    readonly log: FastifyBaseLogger,
    /** Runs a method call found in a webhook's answer (the Bot API's, given by the composition root). */
    readonly runReply: WebhookReplyRunner,
  ) {}

  start(): void {
    const { bus, clock, store } = this.platform.deps;
    this.#unsubscribe.push(
      bus.on('webhook.changed', ({ botId }) => void this.#retarget(botId)),
      bus.on('updates.queued', ({ botId }) => this.#bots.get(botId)?.queued()),
      clock.onAdvance(() => {
        for (const delivery of this.#bots.values()) delivery.kick();
      }),
    );
    void store.listBotsWithWebhook().then((bots) => {
      for (const bot of bots) this.#delivery(bot.id).retarget(bot);
    });
  }

  /**
   * Deletes a delivered update's row; resolves once that is committed (the next update of its chat
   * waits for it, so that a restart never sends them out of order). The deliveries that finish in
   * one turn of the event loop share one write.
   */
  delivered(botId: number, updateId: number): Promise<void> {
    this.#delivered.push([botId, updateId]);
    this.#deleting ??= this.platform.deps.store.write(async (tx) => {
      const batch = this.#delivered;
      this.#delivered = [];
      this.#deleting = undefined;
      for (const [bot, update] of batch) await tx.deleteUpdate(bot, update);
    });
    return this.#deleting;
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
  }
}
