/** Chats, members and message ids (ports/chats.ts): one text for both adapters (ADR 0109). */
export const CHATS_SQL = Object.freeze({
  getChat: 'SELECT * FROM chats WHERE pk = ?',
  getChatById: 'SELECT * FROM chats WHERE id = ?',
  /**
   * Usernames compare case-insensitively: SQLite's column is `COLLATE NOCASE` (the adapter binds the
   * name as given); PostgreSQL's unique index is on `lower(username)`.
   */
  getChatByUsername: {
    sqlite: 'SELECT * FROM chats WHERE username = ?',
    postgres: 'SELECT * FROM chats WHERE lower(username) = lower(?)',
  },
  getPrivateChat: 'SELECT * FROM chats WHERE user_a = ? AND user_b = ?',
  /**
   * SQLite reserves a block of ids (`last_message_id + ?`, ADR 0007); PostgreSQL takes one id, which
   * its transaction then holds, and reads with it whether the chat has drafts (tables/drafts.ts).
   */
  nextMessageId: {
    sqlite: 'UPDATE chats SET last_message_id = last_message_id + ? WHERE pk = ? RETURNING last_message_id',
    postgres: `UPDATE chats SET last_message_id = last_message_id + 1 WHERE pk = ?
      RETURNING last_message_id, EXISTS (SELECT 1 FROM message_drafts WHERE chat_pk = ?) AS drafts`,
  },
  getMember: 'SELECT * FROM chat_members WHERE chat_pk = ? AND user_id = ?',
  listMembers: 'SELECT * FROM chat_members WHERE chat_pk = ? ORDER BY user_id',
  /** The members that are bots: a group's message and member changes look only at them. */
  listBotMembers: `SELECT m.* FROM chat_members m JOIN bots b ON b.id = m.user_id WHERE m.chat_pk = ?
    ORDER BY m.user_id`,
  /** Which of the ids are bots' (PostgreSQL: members of a chat its transaction inserted). */
  botIdsAmong: 'SELECT id FROM bots WHERE id = ANY(?::bigint[])',
  upsertMember: `INSERT INTO chat_members (chat_pk, user_id, status, data, updated_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (chat_pk, user_id) DO UPDATE SET status = excluded.status, data = excluded.data,
    updated_at = excluded.updated_at`,
} as const);
