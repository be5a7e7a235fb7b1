/** Message drafts (ports/drafts.ts): one text for both adapters (ADR 0109). */
export const DRAFTS_SQL = Object.freeze({
  listDrafts: `SELECT chat_pk, draft_id, bot_id, thread_id, body, updated_at FROM message_drafts
    WHERE chat_pk = ? AND updated_at >= ? ORDER BY updated_at, draft_id`,
  putDraft: `INSERT INTO message_drafts (chat_pk, draft_id, bot_id, thread_id, body, updated_at)
    VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (chat_pk, draft_id) DO UPDATE SET bot_id = excluded.bot_id,
    thread_id = excluded.thread_id, body = excluded.body, updated_at = excluded.updated_at`,
  deleteDrafts: 'DELETE FROM message_drafts WHERE chat_pk = ? AND bot_id = ?',
} as const);
