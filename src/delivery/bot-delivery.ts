/**
 * Webhook delivery for one bot (webhook-worker.ts has the whole picture): it claims the bot's due
 * update rows a page at a time, POSTs each to the webhook with at most max_connections requests
 * open and one update per chat at a time, in update_id order, logs every attempt (ADR 0059), and
 * writes each outcome: delivered rows are deleted by the worker in shared batches, a failure is
 * recorded with its retry time (or the update is dropped past its expiry). A chat's next update
 * goes as soon as the last one's answer says it was delivered, as the reference's does (ADR 0117);
 * after a failure the chat waits until the retry is written.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { parseRetryAfter, webhookRetryDelayMs } from './backoff.js';
import { DueLoop } from './due-loop.js';
import { updateJob, type JobClaimant } from './job-claimant.js';
import { describeFailure, post, webhookTarget, type OriginPools, type Target } from './webhook-connection.js';
import type { DueQueue } from './due-queue.js';
import { InjectedWebhookFault, webhookFault } from './webhook-fault.js';
import type { Platform } from '../platform/assembly/platform.js';
import type { BotRow, NewWebhookAttempt, UpdateRow } from '../storage/store.js';
import { attemptEvent, attemptRow, loggedUrl } from './webhook-log.js';

/** What an attempt holds: its request's connection, and its chat. */
interface Attempt {
  open: boolean;
  chat: boolean;
}

/** Pending rows claimed per look, and kept claimed in memory at most, per bot. */
const PAGE = 500;

/** What a bot's delivery uses of the worker that holds it (webhook-worker.ts). */
export interface DeliveryHost {
  readonly platform: Platform;
  readonly log: FastifyBaseLogger;
  readonly claimant: JobClaimant;
  readonly stopped: boolean;
  /** Runs a method call found in a webhook's answer; must not throw. */
  runReply(botId: number, contentType: string, body: string): Promise<void>;
  /** Deletes a delivered update's row (with its log row), in a batch shared with other deliveries. */
  delivered(botId: number, updateId: number, logged?: NewWebhookAttempt): Promise<void>;
  /** Told each attempt's outcome (the metrics, ADR 0060). */
  onAttempt(outcome: 'delivered' | 'failed'): void;
  /** The one schedule of every bot's next look (ADR 0092): it kicks the bot's delivery then. */
  readonly wakes: DueQueue<number>;
  /** The connection pools by webhook origin, shared by the bots of one origin. */
  readonly pools: OriginPools;
  /** The bot wrote to the delivery log (the retention sweep prunes the bots that did). */
  logged(botId: number): void;
}

export /** Delivery for one bot; kept while the server runs, re-targeted when the webhook changes. */
class BotDelivery {
  target: Target | undefined;
  /** The webhook url as the delivery log shows it (webhook-log.ts). */
  logUrl = '';
  /** Chats with an attempt in progress: until its answer says delivered, or its failure is written. */
  readonly inFlightKeys = new Set<string>();
  /** The attempts in progress, by their row. */
  readonly inFlight = new Map<UpdateRow, Promise<void>>();
  /**
   * Requests open (at most max_connections): an attempt holds a connection only while its request
   * is open. Once the answer is read the connection serves another chat, while a failed attempt's
   * chat stays held (in inFlightKeys) until its outcome is written.
   */
  #open = 0;
  readonly #loop: DueLoop;
  /**
   * Rows claimed ahead, in update_id order, not started yet. Claiming a page once instead of the head
   * of the queue after every delivery is what keeps fan-out fast. The page is given back (released)
   * whenever order could change: a failed attempt (its row must go before the later ones of its
   * chat, which it now holds back in the store) or a new target.
   */
  #buffer: UpdateRow[] = [];
  /** Whether the store may hold claimable rows (new updates, a full page, rows given back). */
  #more = true;
  /** Counts `queued` calls: a short claim says "no more" only if none came while it ran (issue 31). */
  #queuedCount = 0;
  /** Moves on at every finished attempt: a claim that straddles one is given back. */
  #generation = 0;
  /**
   * Virtual ms of the earliest retry known to wait (rows waiting for a retry are not claimed, so the
   * look at that time claims again); read from the store at a new target and when one falls due.
   */
  #retryAt: number | undefined;
  #retryKnown = false;
  /**
   * Virtual ms of the next look although nothing asked for one: rows this worker could not claim
   * (held by another process, whose lease may expire) are looked for again then. Infinity while the
   * last claim saw none (ports/jobs.ts `heldElsewhere`): an idle bot is not rechecked (ADR 0092).
   */
  #recheckAt = Infinity;
  /**
   * Claims being given back, not written yet. A claim waits for them: rows still leased to this
   * process count as its own, so a claim made before their release lands would pass over them and
   * take later rows of their chats, delivered out of order (PostgreSQL releases on another
   * connection than it claims on).
   */
  #releasing: Promise<void> | undefined;

  constructor(
    readonly botId: number,
    private readonly worker: DeliveryHost,
  ) {
    this.#loop = new DueLoop(
      worker.platform.deps.clock,
      () => this.#pump(),
      (error) => worker.log.error({ err: error, botId }, 'looking for webhook updates to deliver failed'),
      { set: (atMs) => worker.wakes.schedule(botId, atMs), clear: () => worker.wakes.cancel(botId) },
    );
  }

  retarget(bot: BotRow | undefined): void {
    const old = this.target;
    this.target = undefined;
    this.logUrl = loggedUrl(bot?.webhook_url ?? '');
    if (bot && bot.webhook_url !== '') {
      const { config, lookup } = this.worker.platform.deps;
      this.target = webhookTarget(bot, config.profile, lookup, this.worker.pools);
    }
    if (old) void Promise.allSettled([...this.inFlight.values()]).then(() => old.release());
    this.#retryKnown = false;
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
    this.#queuedCount += 1;
    this.kick();
  }

  /** A failed attempt will be retried at `at` (virtual ms). */
  #retryLater(at: number): void {
    if (this.#retryAt === undefined || at < this.#retryAt) this.#retryAt = at;
  }

  /** Gives back what was claimed ahead: the next look claims from the queue's start. */
  #reread(): void {
    const rows = this.#buffer;
    this.#buffer = [];
    this.#more = true;
    this.#release(rows);
  }

  /** Gives back claims; `completed`: the rows were deleted (delivered). */
  #release(rows: UpdateRow[], completed = false): void {
    if (rows.length === 0) return;
    const released = this.worker.claimant
      .release(
        rows.map((row) => updateJob(this.botId, row.update_id)),
        completed,
      )
      .catch((error: unknown) =>
        this.worker.log.error({ err: error, botId: this.botId }, 'releasing claims failed'),
      );
    const before = this.#releasing;
    const all = before ? Promise.all([before, released]).then(() => undefined) : released;
    this.#releasing = all;
    void all.then(() => {
      if (this.#releasing === all) this.#releasing = undefined;
    });
  }

  /** Starts what is due; answers when (virtual ms) the earliest held-back retry is due. */
  async #pump(): Promise<number | undefined> {
    const target = this.target;
    if (!target || this.worker.stopped) return undefined;
    const { store, clock } = this.worker.platform.deps;
    const now = clock.nowMs();
    if (now >= this.#recheckAt) {
      // Another process's rows: claimable again, or waiting for a retry it scheduled.
      this.#recheckAt = Infinity;
      this.#more = true;
      this.#retryKnown = false;
    }
    if (!this.#retryKnown || (this.#retryAt !== undefined && this.#retryAt <= now)) {
      // A retry fell due (or none is known yet): claim again, and find the next one.
      this.#retryAt = await store.nextAttemptAfter(this.botId, now);
      this.#retryKnown = true;
      this.#more = true;
      if (this.target !== target) return undefined;
    }
    let blocked = this.#startFromBuffer(target);
    // Claims top the buffer up in large steps (when it is half empty), not a few rows per delivery.
    while (this.#open < target.maxConnections && this.#more && this.#buffer.length <= PAGE / 2) {
      if (this.#releasing) {
        await this.#releasing;
        if (this.target !== target) return undefined;
        continue;
      }
      const generation = this.#generation;
      const queuedBefore = this.#queuedCount;
      const want = PAGE - this.#buffer.length;
      const rows = await this.worker.claimant.claims.claimUpdates(
        this.botId,
        this.worker.claimant.lease(),
        clock.nowMs(),
        want,
      );
      // An attempt finished meanwhile (and kicked another look): the claim may hold rows that must
      // now wait behind a failed one of their chat.
      if (this.target !== target || generation !== this.#generation) {
        this.#release(rows);
        return undefined;
      }
      this.#more = rows.length === want || this.#queuedCount !== queuedBefore;
      // Rows another process holds are looked for again later (its lease may end); only then.
      if (!this.#more && this.worker.claimant.claims.heldElsewhere(this.botId))
        this.#recheckAt = Math.min(this.#recheckAt, clock.nowMs() + this.worker.claimant.recheckMs);
      if (rows.length === 0) break;
      for (const row of rows) this.#buffer.push(row);
      blocked = this.#startFromBuffer(target);
      // Every row claimed so far waits for its chat: claiming further cannot start anything sooner
      // than those chats finish, which kicks another look.
      if (blocked) break;
    }
    // Rows waiting for a retry are not claimed: wake when the earliest of them falls due.
    const wakeAt = Math.min(this.#retryAt ?? Infinity, this.#recheckAt);
    return wakeAt === Infinity ? undefined : wakeAt;
  }

  /**
   * Starts the buffered rows whose chat is free, in order (claimed rows are due). Answers whether the
   * buffer still holds rows (all of them waiting for their chat or a connection).
   */
  #startFromBuffer(target: Target): boolean {
    const buffer = this.#buffer;
    if (buffer.length === 0 || this.#open >= target.maxConnections) return buffer.length > 0;
    const held = new Set<string>(this.inFlightKeys);
    const left: UpdateRow[] = [];
    let i = 0;
    for (; i < buffer.length && this.#open < target.maxConnections; i++) {
      const row = buffer[i]!;
      if (held.has(row.queue_key)) {
        left.push(row);
        continue;
      }
      held.add(row.queue_key);
      this.#start(target, row);
    }
    // Every connection is busy: the rest waits as it is.
    for (; i < buffer.length; i++) left.push(buffer[i]!);
    this.#buffer = left;
    return left.length > 0;
  }

  #start(target: Target, row: UpdateRow): void {
    this.inFlightKeys.add(row.queue_key);
    this.#open += 1;
    // Set after the call: the attempt's first await comes before it can end (and delete it).
    this.inFlight.set(row, this.#attempt(target, row));
  }

  /** Gives the attempt's connection back (answer read, or the request failed), once. */
  #closed(attempt: Attempt): void {
    if (!attempt.open) return;
    attempt.open = false;
    this.#open -= 1;
    this.kick();
  }

  /**
   * Frees the attempt's chat for its next update, once: when the answer says the update was
   * delivered (its row's delete is written after), or when a failed attempt's outcome is written.
   */
  #freeChat(attempt: Attempt, row: UpdateRow): void {
    if (!attempt.chat) return;
    attempt.chat = false;
    this.inFlightKeys.delete(row.queue_key);
    this.kick();
  }

  /** An attempt from its start until its outcome is written; never rejects. */
  async #attempt(target: Target, row: UpdateRow): Promise<void> {
    // Which the attempt still holds: the connection (until #deliver gives it back), and the chat.
    const attempt: Attempt = { open: true, chat: true };
    let delivered = false;
    try {
      delivered = await this.#deliver(target, row, attempt);
    } catch (error) {
      this.worker.log.error({ err: error, botId: this.botId }, 'webhook delivery failed');
    }
    this.#closed(attempt);
    this.#generation += 1;
    // A delivered row's claim went with its delete (WebhookWorker.delivered).
    if (!delivered) {
      // A row that now waits for a retry goes before the later ones of its chat: claim again.
      this.#reread();
      this.#release([row]);
    }
    this.#freeChat(attempt, row);
    this.inFlight.delete(row);
    // Going idle: look again if the last claim left rows behind or passed over others' (ADR 0124).
    const { claims } = this.worker.claimant;
    const left = claims.leftBehind(this.botId) || claims.heldElsewhere(this.botId);
    if (this.inFlight.size === 0 && this.#buffer.length === 0 && left) this.#more = true;
    this.kick();
  }

  /**
   * One attempt; true when the update is done with (delivered), false when it waits for a retry.
   * The connection `attempt` holds is given back once the request is over (its answer read, or it
   * failed).
   */
  async #deliver(target: Target, row: UpdateRow, attempt: Attempt): Promise<boolean> {
    const { platform } = this.worker;
    const { store, clock, random } = platform.deps;
    const body = `{"update_id":${row.update_id},"${row.type}":${row.payload}}`;

    let failure: string;
    let retryAfter: number | undefined;
    // The delivery log (ADR 0059): the attempt's start, real duration and answer.
    const url = this.logUrl;
    const startedAt = clock.nowMs();
    const started = performance.now();
    let statusCode: number | null = null;
    try {
      const faults = platform.faults.forWebhook(this.botId); // ADR 0058: one Map lookup without rules
      if (faults !== undefined) await webhookFault(platform, this.botId, faults, this.worker.log);
      const answer = await post(target, body);
      this.#closed(attempt);
      if (answer.statusCode >= 200 && answer.statusCode < 300) {
        const logged = attemptRow(row, row.attempts + 1, {
          url,
          bytes: Buffer.byteLength(body),
          statusCode: answer.statusCode,
          error: null,
          outcome: 'delivered',
          durationMs: performance.now() - started,
          startedAt,
          nextAttemptAt: null,
        });
        // The chat's next update goes now, as the reference's does (WebhookActor::on_update_ok,
        // ADR 0117): the delete below is batched and committed in order with the later ones'.
        this.#freeChat(attempt, row);
        await this.worker.delivered(this.botId, row.update_id, logged);
        this.worker.onAttempt('delivered');
        // An empty answer (the common one) holds no method to run.
        if (answer.text !== '') {
          await this.worker
            .runReply(this.botId, answer.contentType, answer.text)
            .catch((error: unknown) =>
              this.worker.log.error({ err: error, botId: this.botId }, 'method in webhook reply failed'),
            );
        }
        return true;
      }
      statusCode = answer.statusCode;
      failure = `Wrong response from the webhook: ${statusCode} ${STATUS_CODES[statusCode] ?? ''}`.trim();
      retryAfter = parseRetryAfter(answer.retryAfter);
    } catch (error) {
      this.#closed(attempt);
      failure = describeFailure(error);
      if (error instanceof InjectedWebhookFault) ({ retryAfter, status: statusCode } = error);
    }
    this.worker.onAttempt('failed');
    if (this.target !== target) {
      // The webhook changed meanwhile: the new target retries this update without counting it.
      return false;
    }
    const attempts = row.attempts + 1;
    const next = clock.nowMs() + webhookRetryDelayMs(attempts, random, retryAfter);
    const now = clock.now();
    const expired = next > row.expires_at * 1000;
    const logged = attemptRow(row, attempts, {
      url,
      bytes: Buffer.byteLength(body),
      statusCode,
      error: failure,
      outcome: expired ? 'lost' : 'failed',
      durationMs: performance.now() - started,
      startedAt,
      nextAttemptAt: expired ? null : next,
    });
    await store.write({ bot: this.botId }, async (tx) => {
      if (expired) await tx.deleteUpdate(this.botId, row.update_id);
      else await tx.recordAttempt(this.botId, row.update_id, attempts, next);
      await tx.insertWebhookAttempts([logged]);
      if (platform.timeline.enabled) await tx.insertTimelineEvents([attemptEvent(logged, row.payload)]); // ADR 0099
      await tx.updateBot(this.botId, { last_error_date: now, last_error_message: failure });
    });
    this.worker.logged(this.botId);
    if (!expired) this.#retryLater(next);
    return false;
  }

  async stop(): Promise<void> {
    await this.#loop.stop();
    await Promise.allSettled([...this.inFlight.values()]);
    await this.target?.release();
    // The claimant gives up every claim of the process when it stops.
  }
}
