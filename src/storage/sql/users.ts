/** Users and bots (ports/users.ts): one text for both adapters (ADR 0109). */
export const USERS_SQL = Object.freeze({
  getUser: 'SELECT * FROM users WHERE id = ?',
  getUserByPhone: 'SELECT * FROM users WHERE phone_number = ?',
  /** PostgreSQL: the users of several phone numbers. */
  getUsersByPhone: 'SELECT * FROM users WHERE phone_number = ANY(?::text[])',
  /**
   * Usernames compare case-insensitively: SQLite's column is `COLLATE NOCASE`; PostgreSQL's unique
   * index is on `lower(username)`.
   */
  getUserByUsername: {
    sqlite: 'SELECT * FROM users WHERE username = ?',
    postgres: 'SELECT * FROM users WHERE lower(username) = lower(?)',
  },
  getBot: 'SELECT * FROM bots WHERE id = ?',
  listBotsWithWebhook: "SELECT * FROM bots WHERE webhook_url <> '' ORDER BY id",
  nextUpdateId:
    'UPDATE bots SET last_update_id = last_update_id + 1, last_update_at = ? WHERE id = ? RETURNING last_update_id',
} as const);
