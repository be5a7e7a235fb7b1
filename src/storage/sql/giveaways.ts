/** The statements of giveaways (ports/giveaways.ts), one text for both adapters (ADR 0109). */

/** A giveaway whose winners are not chosen yet. */
const PENDING = 'completed_at IS NULL';

export const GIVEAWAYS_SQL = Object.freeze({
  getGiveaway: 'SELECT * FROM giveaways WHERE chat_pk = ? AND message_id = ?',
  listDueGiveaways: `SELECT * FROM giveaways WHERE ${PENDING} AND winners_selection_date <= ?
    ORDER BY winners_selection_date, id LIMIT ?`,
  nextGiveawayDue: `SELECT MIN(winners_selection_date) AS at FROM giveaways WHERE ${PENDING}`,
  completeGiveaway: `UPDATE giveaways SET completed_at = ?, winners = ? WHERE id = ? AND ${PENDING}`,
} as const);
