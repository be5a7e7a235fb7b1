/**
 * The bots' update queues (table `updates`). A pending webhook delivery is the update row itself
 * (ADR 0002): delivered means deleted; a failed attempt records its count and next attempt time.
 *
 * Contract:
 * - update_ids of one bot are strictly increasing in commit order (numbered from the bot row in the
 *   same write that inserts the update: UsersWriter.updateBot).
 * - `listUpdates` and `listPendingUpdates` answer in update_id order.
 * - Webhook deliveries take pending rows through claims (ports/jobs.ts), not by listing them.
 * - Deletions are idempotent: deleting a row that is gone is not an error.
 */

export interface UpdateRow {
  bot_id: number;
  update_id: number;
  type: string;
  /** JSON of the update's object (the value under `type`), as the bot sees it. */
  payload: string;
  /** Webhook ordering key: updates with one key are delivered one at a time, in order. */
  queue_key: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  /** Virtual ms before which the next webhook attempt must not start. */
  next_attempt_at: number;
}

export interface UpdatesReader {
  /** Up to `limit` unexpired updates with update_id >= fromId, in order. */
  listUpdates(botId: number, fromId: number, limit: number, nowSec: number): Promise<UpdateRow[]>;
  countUpdates(botId: number): Promise<number>;
  /** Pending updates with update_id > afterId, due or waiting for a retry, oldest first, at most `limit`. */
  listPendingUpdates(botId: number, afterId: number, limit: number): Promise<UpdateRow[]>;
  /** The earliest next_attempt_at after `afterMs` among the bot's pending updates, or undefined. */
  nextAttemptAfter(botId: number, afterMs: number): Promise<number | undefined>;
}

export interface UpdatesWriter {
  insertUpdate(row: UpdateRow): Promise<void>;
  deleteUpdate(botId: number, updateId: number): Promise<void>;
  /** Deletes these updates of the bot (the delivered ones of a batch) in one statement. */
  deleteUpdates(botId: number, updateIds: readonly number[]): Promise<void>;
  /** Deletes the bot's updates with update_id < belowId (confirmation by offset). */
  deleteUpdatesBelow(botId: number, belowId: number): Promise<void>;
  /** Keeps only the newest `keep` updates of the bot. */
  keepLastUpdates(botId: number, keep: number): Promise<void>;
  deleteAllUpdates(botId: number): Promise<void>;
  /**
   * Deletes updates whose expires_at has passed, at most `limit` of them (the oldest expiries first)
   * when given, so that a sweep can go in slices (ADR 0092); answers how many it deleted.
   */
  deleteExpiredUpdates(nowSec: number, limit?: number): Promise<number>;
  recordAttempt(botId: number, updateId: number, attempts: number, nextAttemptAt: number): Promise<void>;
}
