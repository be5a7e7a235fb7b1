/** Channel direct messages and suggested posts on PostgreSQL (ports/suggested-posts.ts). */
import type { PgSql } from '../pg-sql.js';
import { SUGGESTED_POSTS_SQL as SQL } from '../../sql/suggested-posts.js';
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
    const row = await this.sql.get(SQL.getDirectMessagesChat, channelPk);
    return row as unknown as DirectMessagesChatRow | undefined;
  }
  async getSuggestedPost(chatPk: number, messageId: number) {
    const row = await this.sql.get(SQL.getSuggestedPost, chatPk, messageId);
    return row ? postRow(row) : undefined;
  }
  async getSuggestedPostByPost(channelPk: number, postMessageId: number) {
    const row = await this.sql.get(SQL.getSuggestedPostByPost, channelPk, postMessageId);
    return row ? postRow(row) : undefined;
  }
  async listDueSuggestedPosts(now: number, limit: number) {
    const rows = await this.sql.all(SQL.listDueSuggestedPosts, now, limit);
    return rows.map(postRow);
  }
  async nextSuggestedPostDue() {
    const row = await this.sql.get(SQL.nextSuggestedPostDue);
    return row?.due === null || row?.due === undefined ? undefined : Number(row.due);
  }

  async upsertDirectMessagesChat(row: DirectMessagesChatRow) {
    await this.sql.run(
      SQL.upsertDirectMessagesChat,
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
    const { set: update, where } = SQL.updateSuggestedPost;
    const changed = await this.sql.run(
      `${update} ${set} ${where}`,
      ...keys.map((k) => patch[k] ?? null),
      chatPk,
      messageId,
      expect.state,
      expect.phase,
    );
    return changed > 0;
  }
}
