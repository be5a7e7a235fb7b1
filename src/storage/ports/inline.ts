/**
 * Inline mode (tables `inline_queries`, `inline_messages`).
 *
 * Contract:
 * - `answerInlineQuery` records an answer once: of two concurrent answers exactly one returns true.
 * - A cached answer is found by bot, query text and offset, shared or personal to the asking user,
 *   while `cache_until` is after the given time.
 */

/** A person's inline query to a bot (storage/sqlite/migrations/006-inline-reactions.sql). */
export interface InlineQueryRow {
  id: string;
  bot_id: number;
  user_id: number;
  /** The chat the person is typing in, where a chosen result is sent. */
  chat_pk: number;
  /** InlineQuery.chat_type: sender, private, group, supergroup or channel. */
  chat_type: string;
  query: string;
  query_offset: string;
  created_at: number;
  answered_at: number | null;
  /** JSON of the answer: results, next_offset, button, cache_time, is_personal. */
  answer: string | null;
  /** Unix seconds until which the answer may be given again for the same query; null before. */
  cache_until: number | null;
  is_personal: boolean;
}

/** A message sent by choosing an inline result with an inline keyboard: its inline_message_id. */
export interface InlineMessageRow {
  id: string;
  bot_id: number;
  chat_pk: number;
  message_id: number;
}

export interface InlineReader {
  getInlineQuery(id: string): Promise<InlineQueryRow | undefined>;
  /**
   * The newest answer of the bot to the same query text and offset that may still be served from
   * the cache at `nowSec`: a shared one, or a personal one given to `userId`.
   */
  findCachedInlineAnswer(
    botId: number,
    query: string,
    offset: string,
    userId: number,
    nowSec: number,
  ): Promise<InlineQueryRow | undefined>;
  getInlineMessage(id: string): Promise<InlineMessageRow | undefined>;
}

export interface InlineWriter {
  insertInlineQuery(row: InlineQueryRow): Promise<void>;
  /** Records the answer unless the query was answered already; returns whether it was recorded. */
  answerInlineQuery(
    id: string,
    answer: { answer: string; answered_at: number; cache_until: number; is_personal: boolean },
  ): Promise<boolean>;
  /** Deletes inline queries created before `beforeSec`; returns how many. */
  deleteInlineQueriesBefore(beforeSec: number): Promise<number>;
  insertInlineMessage(row: InlineMessageRow): Promise<void>;
}
