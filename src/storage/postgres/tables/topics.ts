/** Forum topics and their messages on PostgreSQL (ports/topics.ts). */
import type { PgSql } from '../pg-sql.js';
import type { ForumTopicRow, TopicsReader, TopicsWriter } from '../../ports/topics.js';
import { updateSql } from '../../sql/rows.js';
import { TOPICS_SQL as SQL } from '../../sql/topics.js';

type Patch = Partial<Pick<ForumTopicRow, 'name' | 'icon_custom_emoji_id' | 'is_closed' | 'is_hidden'>>;

export class PgTopics implements TopicsReader, TopicsWriter {
  constructor(private readonly sql: PgSql) {}

  async getForumTopic(chatPk: number, threadId: number) {
    return (await this.sql.get(SQL.getForumTopic, chatPk, threadId)) as ForumTopicRow | undefined;
  }
  async listForumTopics(chatPk: number) {
    return (await this.sql.all(SQL.listForumTopics, chatPk)) as unknown as ForumTopicRow[];
  }
  async listTopicMessages(chatPk: number, threadId: number) {
    const rows = await this.sql.all(SQL.listTopicMessages, chatPk, threadId);
    return rows.map((row) => row.message_id as number);
  }
  async topicOfMessage(chatPk: number, messageId: number) {
    const row = await this.sql.get(SQL.topicOfMessage, chatPk, messageId);
    return row ? (row.thread_id as number) : undefined;
  }
  async insertForumTopic(row: ForumTopicRow) {
    await this.sql.insert('forum_topics', row);
  }
  async updateForumTopic(chatPk: number, threadId: number, patch: Patch) {
    const keys = Object.keys(patch) as Array<keyof Patch>;
    if (keys.length === 0) return;
    await this.sql.run(
      updateSql('forum_topics', keys, 'chat_pk = ? AND thread_id = ?'),
      ...keys.map((k) => patch[k]),
      chatPk,
      threadId,
    );
  }
  async deleteForumTopic(chatPk: number, threadId: number) {
    await this.sql.run(SQL.deleteForumTopic, chatPk, threadId);
    await this.sql.run(SQL.deleteTopicMessages, chatPk, threadId);
  }
  async addTopicMessage(chatPk: number, threadId: number, messageId: number) {
    await this.sql.run(SQL.addTopicMessage, chatPk, threadId, messageId);
  }
}
