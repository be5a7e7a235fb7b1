/**
 * The statements of channel direct messages and suggested posts (ports/suggested-posts.ts), one text
 * for both adapters (ADR 0109).
 */
export const SUGGESTED_POSTS_SQL = Object.freeze({
  getDirectMessagesChat: 'SELECT * FROM direct_messages_chats WHERE channel_pk = ?',
  getSuggestedPost: 'SELECT * FROM suggested_posts WHERE chat_pk = ? AND message_id = ?',
  getSuggestedPostByPost: 'SELECT * FROM suggested_posts WHERE channel_pk = ? AND post_message_id = ?',
  listDueSuggestedPosts: `SELECT * FROM suggested_posts WHERE due_at IS NOT NULL AND due_at <= ?
    ORDER BY due_at, chat_pk, message_id LIMIT ?`,
  nextSuggestedPostDue: 'SELECT MIN(due_at) AS due FROM suggested_posts WHERE due_at IS NOT NULL',
  upsertDirectMessagesChat: `INSERT INTO direct_messages_chats (channel_pk, chat_pk, enabled, updated_at)
    VALUES (?, ?, ?, ?)
    ON CONFLICT (channel_pk) DO UPDATE SET chat_pk = excluded.chat_pk, enabled = excluded.enabled,
    updated_at = excluded.updated_at`,
  /**
   * `set`, the patch's `column = ?` list (`state = state` when empty), then `where`; the phase
   * compares NULL equal to NULL (`IS NOT DISTINCT FROM`, which SQLite reads as `IS`).
   */
  updateSuggestedPost: Object.freeze({
    set: 'UPDATE suggested_posts SET',
    where: 'WHERE chat_pk = ? AND message_id = ? AND state = ? AND phase IS NOT DISTINCT FROM ?',
  }),
} as const);
