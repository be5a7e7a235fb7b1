/** What a person's app lists (ports/person-views.ts): one text for both adapters (ADR 0109). */
export const PERSON_VIEWS_SQL = Object.freeze({
  listUserChats: `SELECT * FROM chats WHERE pk IN (
      SELECT pk FROM chats WHERE user_a = ? OR user_b = ?
      UNION
      SELECT chat_pk FROM chat_members
       WHERE user_id = ? AND status IN ('creator', 'administrator', 'member', 'restricted'))
    ORDER BY last_message_id DESC, pk DESC LIMIT ?`,
  countIncomingAfter: `SELECT COUNT(*) AS n FROM messages
    WHERE chat_pk = ? AND message_id > ? AND (sender_id IS NULL OR sender_id <> ?)`,
  listPeople: 'SELECT * FROM users WHERE NOT is_bot ORDER BY id LIMIT ?',
  listBots: 'SELECT u.* FROM users u JOIN bots b ON b.id = u.id ORDER BY u.id LIMIT ?',
} as const);
