/** Guest queries (ports/guest.ts): one text for both adapters (ADR 0109). */
export const GUEST_SQL = Object.freeze({
  getGuestQuery: 'SELECT * FROM guest_queries WHERE id = ?',
  answerGuestQuery: 'UPDATE guest_queries SET answered_at = ? WHERE id = ? AND answered_at IS NULL',
  deleteGuestQueriesBefore: 'DELETE FROM guest_queries WHERE created_at < ?',
} as const);
