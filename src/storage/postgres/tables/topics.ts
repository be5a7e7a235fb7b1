/** Forum topics and their messages on PostgreSQL (ports/topics.ts). */
import type { PgSql } from '../pg-sql.js';
import type { ForumTopicRow, TopicsReader, TopicsWriter } from '../../ports/topics.js';

type Patch = Partial<Pick<ForumTopicRow, 'name' | 'icon_custom_emoji_id' | 'is_closed' | 'is_hidden'>>;

export class PgTopics implements TopicsReader, TopicsWriter {
  constructor(private readonly sql: PgSql) {}

  async getForumTopic(chatPk: number, threadId: number) {
    return (await this.sql.get(
      'SELECT * FROM forum_topics WHERE chat_pk = ? AND thread_id = ?',
      chatPk,
      threadId,
    )) as ForumTopicRow | undefined;
  }
  async listForumTopics(chatPk: number) {
    return (await this.sql.all(
      'SELECT * FROM forum_topics WHERE chat_pk = ? ORDER BY thread_id',
      chatPk,
    )) as unknown as ForumTopicRow[];
  }
  async listTopicMessages(chatPk: number, threadId: number) {
    const rows = await this.sql.all(
      'SELECT message_id FROM forum_topic_messages WHERE chat_pk = ? AND thread_id = ? ORDER BY message_id',
      chatPk,
      threadId,
    );
    return rows.map((row) => row.message_id as number);
  }
  async topicOfMessage(chatPk: number, messageId: number) {
    const row = await this.sql.get(
      'SELECT thread_id FROM forum_topic_messages WHERE chat_pk = ? AND message_id = ?',
      chatPk,
      messageId,
    );
    return row ? (row.thread_id as number) : undefined;
  }
  async insertForumTopic(row: ForumTopicRow) {
    await this.sql.insert('forum_topics', row);
  }
  async updateForumTopic(chatPk: number, threadId: number, patch: Patch) {
    const keys = Object.keys(patch) as Array<keyof Patch>;
    if (keys.length === 0) return;
    await this.sql.run(
      `UPDATE forum_topics SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE chat_pk = ? AND thread_id = ?`,
      ...keys.map((k) => patch[k]),
      chatPk,
      threadId,
    );
  }
  async deleteForumTopic(chatPk: number, threadId: number) {
    await this.sql.run('DELETE FROM forum_topics WHERE chat_pk = ? AND thread_id = ?', chatPk, threadId);
    await this.sql.run(
      'DELETE FROM forum_topic_messages WHERE chat_pk = ? AND thread_id = ?',
      chatPk,
      threadId,
    );
  }
  async addTopicMessage(chatPk: number, threadId: number, messageId: number) {
    await this.sql.run(
      `INSERT INTO forum_topic_messages (chat_pk, thread_id, message_id) VALUES (?, ?, ?)
       ON CONFLICT DO NOTHING`,
      chatPk,
      threadId,
      messageId,
    );
  }
}
