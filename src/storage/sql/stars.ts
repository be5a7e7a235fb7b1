/** The Stars ledger's statements (ports/stars.ts), one text for both adapters (ADR 0109). */
export const STARS_SQL = Object.freeze({
  getStarBalance: 'SELECT nanos FROM star_balances WHERE owner_id = ?',
  listStarTransactions: 'SELECT * FROM star_transactions WHERE owner_id = ? ORDER BY pk LIMIT ? OFFSET ?',
  getStarTransaction: 'SELECT * FROM star_transactions WHERE owner_id = ? AND id = ? AND direction = ?',
  creditStars: `INSERT INTO star_balances (owner_id, nanos) VALUES (?, ?)
    ON CONFLICT (owner_id) DO UPDATE SET nanos = star_balances.nanos + excluded.nanos
    RETURNING nanos`,
  debitStars: 'UPDATE star_balances SET nanos = nanos - ? WHERE owner_id = ? AND nanos >= ? RETURNING nanos',
} as const);
