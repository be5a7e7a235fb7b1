/**
 * The webhook delivery log as the control API shows it (ADR 0059): every attempt to deliver an
 * update to a bot's webhook (delivery/webhook-worker.ts records them) and the updates still pending,
 * in the shape of the gateway's delivery log (gateway/delivery-log.ts); and replay of an update.
 */
import type { Platform } from '../assembly/platform.js';
import type { UpdateRow, WebhookAttemptRow } from '../../storage/store.js';

export interface WebhookDeliveryAttempt {
  id: number;
  bot_id: number;
  update_id: number;
  update_type: string;
  attempt: number;
  url: string;
  request_bytes: number;
  status_code?: number;
  error?: string;
  outcome: WebhookAttemptRow['outcome'];
  duration_ms: number;
  /** Unix seconds (virtual) of the attempt, and of the next one after a failure. */
  date: number;
  next_attempt_date?: number;
  /** The request body, while the log keeps the update's payload. */
  body?: string;
}

export interface PendingWebhookUpdate {
  update_id: number;
  update_type: string;
  /** Attempts made so far. */
  attempts: number;
  next_attempt_date: number;
  body: string;
}

export interface WebhookDeliveryLog {
  attempts: WebhookDeliveryAttempt[];
  pending: PendingWebhookUpdate[];
}

export type ReplayResult =
  | { ok: true; bot_id: number; update_id: number; mode: 'retried' | 'resent' }
  | { ok: false; reason: 'no_webhook' | 'not_found' };

/** How long a replayed update waits for its delivery (the retention of a message update). */
const REPLAY_RETENTION_SECONDS = 86_400;

/** The body a webhook receives for an update (as webhook-worker.ts builds it). */
function requestBody(updateId: number, type: string, payload: string): string {
  return `{"update_id":${updateId},"${type}":${payload}}`;
}

function attemptView(row: WebhookAttemptRow): WebhookDeliveryAttempt {
  const view: WebhookDeliveryAttempt = {
    id: row.id,
    bot_id: row.bot_id,
    update_id: row.update_id,
    update_type: row.update_type,
    attempt: row.attempt,
    url: row.url,
    request_bytes: row.request_bytes,
    outcome: row.outcome,
    duration_ms: row.duration_ms,
    date: Math.floor(row.created_at / 1000),
  };
  if (row.status_code !== null) view.status_code = row.status_code;
  if (row.error !== null) view.error = row.error;
  if (row.next_attempt_at !== null) view.next_attempt_date = Math.ceil(row.next_attempt_at / 1000);
  if (row.payload !== null) view.body = requestBody(row.update_id, row.update_type, row.payload);
  return view;
}

function pendingView(row: UpdateRow): PendingWebhookUpdate {
  return {
    update_id: row.update_id,
    update_type: row.type,
    attempts: row.attempts,
    next_attempt_date: Math.ceil(row.next_attempt_at / 1000),
    body: requestBody(row.update_id, row.type, row.payload),
  };
}

export async function readWebhookDeliveryLog(
  platform: Platform,
  filter: { bot: string; updateId?: number | undefined; limit: number },
): Promise<WebhookDeliveryLog> {
  const { store } = platform.deps;
  const bot = await platform.users.resolve(filter.bot, 'bot');
  const { updateId, limit } = filter;
  const [attempts, pending] = await Promise.all([
    store.listWebhookAttempts({ botId: bot.id, ...(updateId !== undefined ? { updateId } : {}), limit }),
    updateId === undefined
      ? store.listPendingUpdates(bot.id, 0, limit)
      : store.listPendingUpdates(bot.id, updateId - 1, 1),
  ]);
  return {
    attempts: attempts.map(attemptView),
    pending: pending.filter((row) => updateId === undefined || row.update_id === updateId).map(pendingView),
  };
}

/**
 * Delivers an update to the bot's webhook again: a pending one is made due now (its attempt count
 * stays); a delivered one is queued again under its update_id from the log's payload, its attempts
 * counted on from the logged ones, so the log reads on.
 */
export async function replayWebhookUpdate(
  platform: Platform,
  botRef: string,
  updateId: number,
): Promise<ReplayResult> {
  const { store, clock, bus } = platform.deps;
  const user = await platform.users.resolve(botRef, 'bot');
  const bot = await store.getBot(user.id);
  if (!bot || bot.webhook_url === '') return { ok: false, reason: 'no_webhook' };
  const mode = await store.write(async (tx): Promise<'retried' | 'resent' | undefined> => {
    const [pending] = await tx.listPendingUpdates(bot.id, updateId - 1, 1);
    if (pending?.update_id === updateId) {
      await tx.recordAttempt(bot.id, updateId, pending.attempts, 0);
      return 'retried';
    }
    const logged = await tx.getWebhookPayload(bot.id, updateId);
    if (!logged?.payload) return undefined;
    const now = clock.now();
    await tx.insertUpdate({
      bot_id: bot.id,
      update_id: updateId,
      type: logged.update_type,
      payload: logged.payload,
      queue_key: logged.queue_key,
      created_at: now,
      expires_at: now + REPLAY_RETENTION_SECONDS,
      attempts: logged.attempt,
      next_attempt_at: 0,
    });
    return 'resent';
  });
  if (!mode) return { ok: false, reason: 'not_found' };
  bus.emit('webhook.replayed', { botId: bot.id, updateId });
  return { ok: true, bot_id: bot.id, update_id: updateId, mode };
}
