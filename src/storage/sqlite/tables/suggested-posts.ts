/** Channel direct messages and suggested posts on SQLite (ports/suggested-posts.ts). */
import type { SqlStatements } from '../sql-statements.js';
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
    return this.#sql.get('SELECT * FROM direct_messages_chats WHERE channel_pk = ?', channelPk) as
      DirectMessagesChatRow | undefined;
  }
  async getSuggestedPost(chatPk: number, messageId: number) {
    return this.#sql.get(
      'SELECT * FROM suggested_posts WHERE chat_pk = ? AND message_id = ?',
      chatPk,
      messageId,
    ) as SuggestedPostRow | undefined;
  }
  async getSuggestedPostByPost(channelPk: number, postMessageId: number) {
    return this.#sql.get(
      'SELECT * FROM suggested_posts WHERE channel_pk = ? AND post_message_id = ?',
      channelPk,
      postMessageId,
    ) as SuggestedPostRow | undefined;
  }
  async listDueSuggestedPosts(now: number, limit: number) {
    return this.#sql.all(
      `SELECT * FROM suggested_posts WHERE due_at IS NOT NULL AND due_at <= ?
       ORDER BY due_at, chat_pk, message_id LIMIT ?`,
      now,
      limit,
    ) as unknown as SuggestedPostRow[];
  }
  async nextSuggestedPostDue() {
    const row = this.#sql.get('SELECT MIN(due_at) AS due FROM suggested_posts WHERE due_at IS NOT NULL') as
      { due: number | null } | undefined;
    return row?.due ?? undefined;
  }

  async upsertDirectMessagesChat(row: DirectMessagesChatRow) {
    this.#sql.run(
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
    const result = this.#sql.run(
      `UPDATE suggested_posts SET ${set}
       WHERE chat_pk = ? AND message_id = ? AND state = ? AND phase IS ?`,
      ...keys.map((k) => patch[k] ?? null),
      chatPk,
      messageId,
      expect.state,
      expect.phase,
    );
    return result.changes > 0;
  }
}
