/** The statements of passport data and errors (ports/passport.ts), one text for both adapters (ADR 0109). */
export const PASSPORT_SQL = Object.freeze({
  listPassportElements: `SELECT bot_id, user_id, type, hashes, shared_at FROM passport_elements
    WHERE bot_id = ? AND user_id = ? ORDER BY type`,
  listPassportErrors: `SELECT bot_id, user_id, type, seq, error, created_at FROM passport_errors
    WHERE bot_id = ? AND user_id = ? ORDER BY seq, type`,
  putPassportElement: `INSERT INTO passport_elements (bot_id, user_id, type, hashes, shared_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (bot_id, user_id, type) DO UPDATE SET hashes = excluded.hashes, shared_at = excluded.shared_at`,
  /** One error of `replacePassportErrors` (after `deletePassportErrors` of its types). */
  insertPassportError: `INSERT INTO passport_errors (bot_id, user_id, type, seq, error, created_at)
    VALUES (?, ?, ?, ?, ?, ?)`,
  /** One type's errors. */
  deletePassportErrors: 'DELETE FROM passport_errors WHERE bot_id = ? AND user_id = ? AND type = ?',
} as const);
