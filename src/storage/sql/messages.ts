/**
 * Messages, read cursors, callback queries, reactions and pins (ports/messages.ts): one text for
 * both adapters (ADR 0109), `?` placeholders. `LIMIT CAST(? AS BIGINT)`: SQLite plans a plain
 * `LIMIT ?` with its value and prepares it again at each bind (LIMIT_PARAM, sqlite/sql-statements.ts;
 * BIGINT has SQLite's INTEGER affinity); PostgreSQL types a plain `LIMIT ?` as bigint too.
 */
export const MESSAGES_SQL = Object.freeze({
  getMessage: 'SELECT * FROM messages WHERE chat_pk = ? AND message_id = ?',
  /** The newest after an id. */
  listMessagesNewest: `SELECT * FROM messages WHERE chat_pk = ? AND message_id > ?
    ORDER BY message_id DESC LIMIT CAST(? AS BIGINT)`,
  /** Between two ids, the oldest first. */
  listMessagesOldest: `SELECT * FROM messages WHERE chat_pk = ? AND message_id > ? AND message_id < ?
    ORDER BY message_id ASC LIMIT CAST(? AS BIGINT)`,
  /** Between two ids, the newest first. */
  listMessagesBefore: `SELECT * FROM messages WHERE chat_pk = ? AND message_id > ? AND message_id < ?
    ORDER BY message_id DESC LIMIT CAST(? AS BIGINT)`,
  nextIncomingMessage: `SELECT * FROM messages
    WHERE chat_pk = ? AND message_id > ? AND (sender_id IS NULL OR sender_id <> ?)
    ORDER BY message_id LIMIT 1`,
  updateMessage: 'UPDATE messages SET body = ?, edit_date = ? WHERE chat_pk = ? AND message_id = ?',
  deleteMessage: 'DELETE FROM messages WHERE chat_pk = ? AND message_id = ?',
  getReadCursor: 'SELECT message_id FROM read_cursors WHERE user_id = ? AND chat_pk = ?',
  /** A cursor only moves forward: the larger of two values is `max()` in SQLite, `GREATEST` in PostgreSQL. */
  setReadCursor: {
    sqlite: `INSERT INTO read_cursors (user_id, chat_pk, message_id) VALUES (?, ?, ?)
      ON CONFLICT (user_id, chat_pk) DO UPDATE SET message_id = max(message_id, excluded.message_id)`,
    postgres: `INSERT INTO read_cursors (user_id, chat_pk, message_id) VALUES (?, ?, ?)
      ON CONFLICT (user_id, chat_pk) DO UPDATE
      SET message_id = GREATEST(read_cursors.message_id, excluded.message_id)`,
  },
  getCallbackQuery: 'SELECT * FROM callback_queries WHERE id = ?',
  answerCallbackQuery:
    'UPDATE callback_queries SET answer = ?, answered_at = ? WHERE id = ? AND answered_at IS NULL',
  listMessageReactions: `SELECT * FROM message_reactions WHERE chat_pk = ? AND message_id = ?
    ORDER BY updated_at, user_id`,
  listReactionsBetween: `SELECT * FROM message_reactions WHERE chat_pk = ? AND message_id BETWEEN ? AND ?
    ORDER BY message_id, updated_at, user_id`,
  listUserReactions: `SELECT * FROM message_reactions WHERE chat_pk = ? AND user_id = ?
    ORDER BY updated_at DESC, message_id DESC LIMIT CAST(? AS BIGINT)`,
  setMessageReaction: `INSERT INTO message_reactions (chat_pk, message_id, user_id, reaction, is_big, updated_at)
    VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (chat_pk, message_id, user_id) DO UPDATE SET
    reaction = excluded.reaction, is_big = excluded.is_big, updated_at = excluded.updated_at`,
  deleteMessageReaction: 'DELETE FROM message_reactions WHERE chat_pk = ? AND message_id = ? AND user_id = ?',
  listPinnedMessages: `SELECT p.message_id FROM pinned_messages p JOIN messages m
    ON m.chat_pk = p.chat_pk AND m.message_id = p.message_id
    WHERE p.chat_pk = ? ORDER BY p.message_id DESC`,
  pinMessage: `INSERT INTO pinned_messages (chat_pk, message_id, pinned_at) VALUES (?, ?, ?)
    ON CONFLICT (chat_pk, message_id) DO UPDATE SET pinned_at = excluded.pinned_at`,
  unpinMessage: 'DELETE FROM pinned_messages WHERE chat_pk = ? AND message_id = ?',
  unpinAllMessages: 'DELETE FROM pinned_messages WHERE chat_pk = ?',
} as const);
