/**
 * Profile media's, emoji statuses' and emoji status access's statements (ports/profiles.ts), one text
 * for both adapters (ADR 0109).
 */
export const PROFILES_SQL = Object.freeze({
  listProfileMedia: `SELECT user_id, kind, seq, file_pk, attributes, added_at FROM profile_media
    WHERE user_id = ? AND kind = ? ORDER BY seq DESC`,
  getUserProfile: `SELECT user_id, emoji_status_custom_emoji_id, emoji_status_expiration_date,
    personal_chat_pk FROM user_profiles WHERE user_id = ?`,
  hasEmojiStatusAccess: 'SELECT 1 AS one FROM emoji_status_access WHERE user_id = ? AND bot_id = ?',
  /** addProfileMedia: the next seq of the user's media of the kind, then the row. */
  nextProfileMediaSeq:
    'SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM profile_media WHERE user_id = ? AND kind = ?',
  addProfileMedia: `INSERT INTO profile_media (user_id, kind, seq, file_pk, attributes, added_at)
    VALUES (?, ?, ?, ?, ?, ?)`,
  deleteProfileMediaOfKind: 'DELETE FROM profile_media WHERE user_id = ? AND kind = ?',
  deleteProfileMedia: 'DELETE FROM profile_media WHERE user_id = ? AND kind = ? AND seq = ?',
  /** updateUserProfile: the row if missing, then one statement per field the patch sets. */
  ensureUserProfile: 'INSERT INTO user_profiles (user_id) VALUES (?) ON CONFLICT (user_id) DO NOTHING',
  updateUserProfileField: Object.freeze({
    emoji_status_custom_emoji_id:
      'UPDATE user_profiles SET emoji_status_custom_emoji_id = ? WHERE user_id = ?',
    emoji_status_expiration_date:
      'UPDATE user_profiles SET emoji_status_expiration_date = ? WHERE user_id = ?',
    personal_chat_pk: 'UPDATE user_profiles SET personal_chat_pk = ? WHERE user_id = ?',
  } as const),
  allowEmojiStatusAccess: `INSERT INTO emoji_status_access (user_id, bot_id, allowed_at) VALUES (?, ?, ?)
    ON CONFLICT (user_id, bot_id) DO NOTHING`,
  revokeEmojiStatusAccess: 'DELETE FROM emoji_status_access WHERE user_id = ? AND bot_id = ?',
} as const);
