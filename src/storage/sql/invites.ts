/** Invite links and join requests (ports/invites.ts): one text for both adapters (ADR 0109). */
export const INVITES_SQL = Object.freeze({
  getInviteLink: 'SELECT * FROM chat_invite_links WHERE link = ?',
  /**
   * Links made in the same second: SQLite in the order they were inserted (its rowid), PostgreSQL
   * (no rowid) by link.
   */
  listInviteLinks: {
    sqlite: 'SELECT * FROM chat_invite_links WHERE chat_pk = ? ORDER BY created_at, rowid',
    postgres: 'SELECT * FROM chat_invite_links WHERE chat_pk = ? ORDER BY created_at, link',
  },
  getJoinRequest: 'SELECT * FROM chat_join_requests WHERE chat_pk = ? AND user_id = ?',
  listJoinRequests: 'SELECT * FROM chat_join_requests WHERE chat_pk = ? ORDER BY date, user_id',
  upsertJoinRequest: `INSERT INTO chat_join_requests (chat_pk, user_id, invite_link, date) VALUES (?, ?, ?, ?)
    ON CONFLICT (chat_pk, user_id) DO UPDATE SET invite_link = excluded.invite_link, date = excluded.date`,
  deleteJoinRequest: 'DELETE FROM chat_join_requests WHERE chat_pk = ? AND user_id = ?',
} as const);
