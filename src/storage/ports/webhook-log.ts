/**
 * The webhook delivery log (table `webhook_attempts`; SQLite 029, PostgreSQL 019; ADR 0059): one row
 * per attempt to deliver an update to a bot's webhook. The secret_token header is never stored, and
 * the url is stored without credentials.
 *
 * Contract:
 * - Attempts are numbered by `id` in insert order; `listWebhookAttempts` answers the newest `limit`
 *   matching rows, oldest first.
 * - `payload` (the update's object as delivered) is kept only on the attempts that ended an update
 *   (delivered or lost) and only on the newest `keepPayloads` of them per bot after a prune, so that a
 *   replay can send a delivered update again.
 * - `pruneWebhookAttempts` keeps the newest `keep` attempts of one bot and answers how many it
 *   deleted; running it twice changes nothing more. It works by ranges of the (bot_id, id) index:
 *   the id of the newest attempt past `keep`, then everything of the bot at or below it (ADR 0092),
 *   so its cost follows the bot's rows, not the whole log's.
 */

export type WebhookAttemptOutcome = 'delivered' | 'failed' | 'lost';

/** One attempt (storage/sqlite/migrations/029-webhook-attempts.sql). */
export interface WebhookAttemptRow {
  /** Assigned by the store. */
  id: number;
  bot_id: number;
  update_id: number;
  /** The update's type (`message`, `callback_query`, ...). */
  update_type: string;
  /** The update's webhook ordering key, so that a replayed update keeps its chat's order. */
  queue_key: string;
  /** The webhook url without user info (no credentials). */
  url: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** Bytes of the request body. */
  request_bytes: number;
  status_code: number | null;
  error: string | null;
  outcome: WebhookAttemptOutcome;
  /** Real milliseconds the attempt took (the request and its answer). */
  duration_ms: number;
  /** Virtual ms of the attempt's start. */
  created_at: number;
  /** Virtual ms of the retry a failed attempt scheduled. */
  next_attempt_at: number | null;
  /** JSON of the update's object, on attempts that ended the update (see the contract). */
  payload: string | null;
}

export type NewWebhookAttempt = Omit<WebhookAttemptRow, 'id'>;

export interface WebhookLogReader {
  /** The newest `limit` attempts of the bot (of one update, if given), oldest first. */
  listWebhookAttempts(filter: {
    botId: number;
    updateId?: number;
    limit: number;
  }): Promise<WebhookAttemptRow[]>;
  /** The newest attempt of the update that still holds its payload. */
  getWebhookPayload(botId: number, updateId: number): Promise<WebhookAttemptRow | undefined>;
  /** Up to `limit` ids of bots with attempts in the log, above `afterBotId`, ascending. */
  listWebhookLogBots(afterBotId: number, limit: number): Promise<number[]>;
}

export interface WebhookLogWriter {
  insertWebhookAttempts(rows: NewWebhookAttempt[]): Promise<void>;
  /**
   * Keeps the newest `keep` attempts of the bot, and the payload of the newest `keepPayloads` of
   * them; answers the number of attempts deleted.
   */
  pruneWebhookAttempts(botId: number, keep: number, keepPayloads: number): Promise<number>;
}
