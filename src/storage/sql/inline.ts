/** The statements of inline queries and inline messages (ports/inline.ts), one text for both adapters (ADR 0109). */
export const INLINE_SQL = Object.freeze({
  getInlineQuery: 'SELECT * FROM inline_queries WHERE id = ?',
  /** The newest answer first; of answers of the same second, the greatest id (either database the same). */
  findCachedInlineAnswer: `SELECT * FROM inline_queries
    WHERE bot_id = ? AND query = ? AND query_offset = ? AND cache_until > ? AND (NOT is_personal OR user_id = ?)
    ORDER BY answered_at DESC NULLS LAST, created_at DESC, id DESC LIMIT 1`,
  getInlineMessage: 'SELECT * FROM inline_messages WHERE id = ?',
  answerInlineQuery: `UPDATE inline_queries SET answer = ?, answered_at = ?, cache_until = ?, is_personal = ?
    WHERE id = ? AND answered_at IS NULL`,
  deleteInlineQueriesBefore: 'DELETE FROM inline_queries WHERE created_at < ?',
} as const);
