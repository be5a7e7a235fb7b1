/** Channel direct messages and suggested posts on SQLite (ports/suggested-posts.ts). */
import type { SqlStatements } from '../sql-statements.js';
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

export class SqliteSuggestedPosts implements SuggestedPostsReader, SuggestedPostsWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getDirectMessagesChat(channelPk: number) {
    return this.#sql.get(SQL.getDirectMessagesChat, channelPk) as DirectMessagesChatRow | undefined;
  }
  async getSuggestedPost(chatPk: number, messageId: number) {
    return this.#sql.get(SQL.getSuggestedPost, chatPk, messageId) as SuggestedPostRow | undefined;
  }
  async getSuggestedPostByPost(channelPk: number, postMessageId: number) {
    return this.#sql.get(SQL.getSuggestedPostByPost, channelPk, postMessageId) as
      SuggestedPostRow | undefined;
  }
  async listDueSuggestedPosts(now: number, limit: number) {
    return this.#sql.all(SQL.listDueSuggestedPosts, now, limit) as unknown as SuggestedPostRow[];
  }
  async nextSuggestedPostDue() {
    const row = this.#sql.get(SQL.nextSuggestedPostDue) as { due: number | null } | undefined;
    return row?.due ?? undefined;
  }

  async upsertDirectMessagesChat(row: DirectMessagesChatRow) {
    this.#sql.run(SQL.upsertDirectMessagesChat, row.channel_pk, row.chat_pk, row.enabled, row.updated_at);
  }
  async insertSuggestedPost(row: SuggestedPostRow) {
    this.#sql.insert('suggested_posts', row);
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
    const result = this.#sql.run(
      `${update} ${set} ${where}`,
      ...keys.map((k) => patch[k] ?? null),
      chatPk,
      messageId,
      expect.state,
      expect.phase,
    );
    return result.changes > 0;
  }
}
