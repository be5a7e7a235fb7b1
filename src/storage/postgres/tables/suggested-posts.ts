/** Channel direct messages and suggested posts on PostgreSQL (ports/suggested-posts.ts). */
import type { PgSql } from '../pg-sql.js';
import type {
  DirectMessagesChatRow,
  SuggestedPostPatch,
  SuggestedPostPhase,
  SuggestedPostRow,
  SuggestedPostState,
  SuggestedPostsReader,
  SuggestedPostsWriter,
} from '../../ports/suggested-posts.js';

/** BIGINT columns come back as numbers (pg-store's type parser); NULLs stay null. */
const postRow = (row: Record<string, unknown>) => row as unknown as SuggestedPostRow;

export class PgSuggestedPosts implements SuggestedPostsReader, SuggestedPostsWriter {
  constructor(private readonly sql: PgSql) {}

  async getDirectMessagesChat(channelPk: number) {
    const row = await this.sql.get('SELECT * FROM direct_messages_chats WHERE channel_pk = ?', channelPk);
    return row as unknown as DirectMessagesChatRow | undefined;
  }
  async getSuggestedPost(chatPk: number, messageId: number) {
    const row = await this.sql.get(
      'SELECT * FROM suggested_posts WHERE chat_pk = ? AND message_id = ?',
      chatPk,
      messageId,
    );
    return row ? postRow(row) : undefined;
  }
  async getSuggestedPostByPost(channelPk: number, postMessageId: number) {
    const row = await this.sql.get(
      'SELECT * FROM suggested_posts WHERE channel_pk = ? AND post_message_id = ?',
      channelPk,
      postMessageId,
    );
    return row ? postRow(row) : undefined;
  }
  async listDueSuggestedPosts(now: number, limit: number) {
    const rows = await this.sql.all(
      `SELECT * FROM suggested_posts WHERE due_at IS NOT NULL AND due_at <= ?
       ORDER BY due_at, chat_pk, message_id LIMIT ?`,
      now,
      limit,
    );
    return rows.map(postRow);
  }
  async nextSuggestedPostDue() {
    const row = await this.sql.get('SELECT MIN(due_at) AS due FROM suggested_posts WHERE due_at IS NOT NULL');
    return row?.due === null || row?.due === undefined ? undefined : Number(row.due);
  }

  async upsertDirectMessagesChat(row: DirectMessagesChatRow) {
    await this.sql.run(
      `INSERT INTO direct_messages_chats (channel_pk, chat_pk, enabled, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (channel_pk) DO UPDATE SET chat_pk = excluded.chat_pk, enabled = excluded.enabled,
       updated_at = excluded.updated_at`,
      row.channel_pk,
      row.chat_pk,
      row.enabled,
      row.updated_at,
    );
  }
  async insertSuggestedPost(row: SuggestedPostRow) {
    await this.sql.insert('suggested_posts', row);
  }
  async updateSuggestedPost(
    chatPk: number,
    messageId: number,
    expect: { state: SuggestedPostState; phase: SuggestedPostPhase | null },
    patch: SuggestedPostPatch,
  ) {
    const keys = Object.keys(patch) as Array<keyof SuggestedPostPatch>;
    const set = keys.length > 0 ? keys.map((k) => `${k} = ?`).join(', ') : 'state = state';
    const changed = await this.sql.run(
      `UPDATE suggested_posts SET ${set}
       WHERE chat_pk = ? AND message_id = ? AND state = ? AND phase IS NOT DISTINCT FROM ?`,
      ...keys.map((k) => patch[k] ?? null),
      chatPk,
      messageId,
      expect.state,
      expect.phase,
    );
    return changed > 0;
  }
}
