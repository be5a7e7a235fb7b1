/**
 * The bots' update queues (ports/updates.ts): one text for both adapters (ADR 0109). Reads name the
 * port's columns: PostgreSQL's rows also hold the job claims' lease (pg-job-claims.ts).
 * `LIMIT CAST(? AS BIGINT)`: see sql/messages.ts.
 */
export const UPDATES_SQL = Object.freeze({
  listUpdates: `SELECT bot_id, update_id, type, payload, queue_key, created_at, expires_at, attempts,
    next_attempt_at FROM updates WHERE bot_id = ? AND update_id >= ? AND expires_at > ?
    ORDER BY update_id LIMIT CAST(? AS BIGINT)`,
  countUpdates: 'SELECT count(*) AS n FROM updates WHERE bot_id = ?',
  listPendingUpdates: `SELECT bot_id, update_id, type, payload, queue_key, created_at, expires_at, attempts,
    next_attempt_at FROM updates WHERE bot_id = ? AND update_id > ?
    ORDER BY update_id LIMIT CAST(? AS BIGINT)`,
  nextAttemptAfter: 'SELECT min(next_attempt_at) AS t FROM updates WHERE bot_id = ? AND next_attempt_at > ?',
  deleteUpdate: 'DELETE FROM updates WHERE bot_id = ? AND update_id = ?',
  /**
   * One statement for any count of ids: SQLite binds them as one JSON array, PostgreSQL as one
   * array parameter.
   */
  deleteUpdates: {
    sqlite: 'DELETE FROM updates WHERE bot_id = ? AND update_id IN (SELECT value FROM json_each(?))',
    postgres: 'DELETE FROM updates WHERE bot_id = ? AND update_id = ANY(?::bigint[])',
  },
  deleteUpdatesBelow: 'DELETE FROM updates WHERE bot_id = ? AND update_id < ?',
  keepLastUpdates: `DELETE FROM updates WHERE bot_id = ? AND update_id NOT IN
    (SELECT update_id FROM updates WHERE bot_id = ? ORDER BY update_id DESC LIMIT CAST(? AS BIGINT))`,
  deleteAllUpdates: 'DELETE FROM updates WHERE bot_id = ?',
  deleteExpiredUpdates: 'DELETE FROM updates WHERE expires_at <= ?',
  /** At most a count of them: a range of the expiry index, then those rows by their key. */
  deleteExpiredUpdatesUpTo: `DELETE FROM updates WHERE (bot_id, update_id) IN (SELECT bot_id, update_id
    FROM updates WHERE expires_at <= ? ORDER BY expires_at LIMIT CAST(? AS BIGINT))`,
  recordAttempt: 'UPDATE updates SET attempts = ?, next_attempt_at = ? WHERE bot_id = ? AND update_id = ?',
} as const);
