/**
 * Games', chat boosts' and verification's statements (ports/games.ts, ports/boosts.ts,
 * ports/verification.ts), one text for both adapters (ADR 0109). A boost is active while its
 * `removed_at` is NULL.
 */
export const GAMES_BOOSTS_VERIFICATION_SQL = Object.freeze({
  getGame: 'SELECT * FROM games WHERE bot_id = ? AND short_name = ?',
  getGameScore:
    'SELECT * FROM game_scores WHERE bot_id = ? AND short_name = ? AND chat_pk = ? AND user_id = ?',
  listGameScores: `SELECT * FROM game_scores WHERE bot_id = ? AND short_name = ? AND chat_pk = ?
    ORDER BY score DESC, updated_at, user_id`,
  setGameScore: `INSERT INTO game_scores (bot_id, short_name, chat_pk, user_id, score, updated_at)
    VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (bot_id, short_name, chat_pk, user_id) DO UPDATE SET score = excluded.score,
    updated_at = excluded.updated_at`,

  getChatBoost: 'SELECT * FROM chat_boosts WHERE id = ?',
  listUserChatBoosts: `SELECT * FROM chat_boosts WHERE chat_pk = ? AND user_id = ? AND removed_at IS NULL
    ORDER BY add_date, id`,
  countActiveBoostsOfUser: `SELECT COUNT(*) AS n FROM chat_boosts
    WHERE user_id = ? AND removed_at IS NULL AND giveaway_message_id IS NULL`,
  listExpiredChatBoosts: `SELECT * FROM chat_boosts WHERE removed_at IS NULL AND expiration_date <= ?
    ORDER BY expiration_date, id LIMIT ?`,
  nextChatBoostExpiry: 'SELECT MIN(expiration_date) AS at FROM chat_boosts WHERE removed_at IS NULL',
  removeChatBoost: 'UPDATE chat_boosts SET removed_at = ? WHERE id = ? AND removed_at IS NULL',

  getVerifier: 'SELECT * FROM bot_verifiers WHERE bot_id = ?',
  getVerification: 'SELECT * FROM verifications WHERE target_kind = ? AND target_id = ?',
  setVerifier: `INSERT INTO bot_verifiers (bot_id, can_modify_custom_description, created_at) VALUES (?, ?, ?)
    ON CONFLICT (bot_id) DO UPDATE
    SET can_modify_custom_description = excluded.can_modify_custom_description`,
  deleteVerifier: 'DELETE FROM bot_verifiers WHERE bot_id = ?',
  setVerification: `INSERT INTO verifications
    (target_kind, target_id, bot_id, custom_description, verified_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (target_kind, target_id) DO UPDATE SET bot_id = excluded.bot_id,
    custom_description = excluded.custom_description, verified_at = excluded.verified_at`,
  deleteVerification: 'DELETE FROM verifications WHERE target_kind = ? AND target_id = ?',
} as const);
