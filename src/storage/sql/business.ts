/**
 * Business connections' and profiles', stories' and managed bots' statements (ports/business.ts,
 * stories.ts, managed-bots.ts), one text for both adapters (ADR 0109). Flags compare with TRUE and
 * FALSE, which SQLite reads as 1 and 0 (its flags are integers) and PostgreSQL as booleans.
 */
export const BUSINESS_SQL = Object.freeze({
  getBusinessConnection: 'SELECT * FROM business_connections WHERE id = ?',
  getBusinessConnectionOf: 'SELECT * FROM business_connections WHERE user_id = ? AND bot_id = ?',
  getEnabledBusinessConnectionOf: `SELECT * FROM business_connections WHERE user_id = ? AND is_enabled = TRUE
    ORDER BY date DESC LIMIT 1`,
  getBusinessProfile: 'SELECT * FROM business_profiles WHERE user_id = ?',
  saveBusinessConnection: `INSERT INTO business_connections (id, user_id, bot_id, rights, is_enabled, date)
    VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET rights = excluded.rights, is_enabled = excluded.is_enabled,
    date = excluded.date`,
  setBusinessProfile: `INSERT INTO business_profiles
    (user_id, bio, photo_file_pk, public_photo_file_pk, gift_settings) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (user_id) DO UPDATE SET bio = excluded.bio,
    photo_file_pk = excluded.photo_file_pk, public_photo_file_pk = excluded.public_photo_file_pk,
    gift_settings = excluded.gift_settings`,

  getBusinessChatIncomingAt:
    'SELECT last_incoming_at FROM business_chats WHERE connection_id = ? AND chat_pk = ?',
  listBusinessChats: `SELECT chat_pk FROM business_chats WHERE connection_id = ?
    ORDER BY last_incoming_at DESC, chat_pk DESC`,
  touchBusinessChat: `INSERT INTO business_chats (connection_id, chat_pk, last_incoming_at) VALUES (?, ?, ?)
    ON CONFLICT (connection_id, chat_pk) DO UPDATE SET last_incoming_at =
    CASE WHEN excluded.last_incoming_at > business_chats.last_incoming_at THEN excluded.last_incoming_at
    ELSE business_chats.last_incoming_at END`,

  getStory: 'SELECT * FROM stories WHERE owner_id = ? AND story_id = ?',
  listActiveStories: `SELECT * FROM stories
    WHERE owner_id = ? AND deleted = FALSE AND (expires_at > ? OR post_to_chat_page = TRUE)
    ORDER BY story_id DESC`,
  /** insertStory: the owner's last story id (0 with none), then the story with the next. */
  lastStoryId: 'SELECT COALESCE(MAX(story_id), 0) AS top FROM stories WHERE owner_id = ?',
  insertStory: `INSERT INTO stories
    (owner_id, story_id, poster_bot_id, body, posted_at, expires_at, post_to_chat_page, deleted)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  /** updateStory: the fields its patch sets, both or one. */
  updateStory: 'UPDATE stories SET body = ?, deleted = ? WHERE owner_id = ? AND story_id = ?',
  updateStoryBody: 'UPDATE stories SET body = ? WHERE owner_id = ? AND story_id = ?',
  updateStoryDeleted: 'UPDATE stories SET deleted = ? WHERE owner_id = ? AND story_id = ?',

  getManagedBot: 'SELECT * FROM managed_bots WHERE bot_id = ?',
} as const);
