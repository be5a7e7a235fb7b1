/** Forum topics and their messages on SQLite (ports/topics.ts). */
import { sqlValue, type SqlStatements } from '../sql-statements.js';
import type { ForumTopicRow, TopicsReader, TopicsWriter } from '../../ports/topics.js';

type Patch = Partial<Pick<ForumTopicRow, 'name' | 'icon_custom_emoji_id' | 'is_closed' | 'is_hidden'>>;

function topicOf(row: Record<string, unknown>): ForumTopicRow {
  return { ...row, is_closed: row.is_closed === 1, is_hidden: row.is_hidden === 1 } as ForumTopicRow;
}

export class SqliteTopics implements TopicsReader, TopicsWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getForumTopic(chatPk: number, threadId: number) {
    const row = this.#sql.get(
      'SELECT * FROM forum_topics WHERE chat_pk = ? AND thread_id = ?',
      chatPk,
      threadId,
    );
    return row ? topicOf(row) : undefined;
  }
  async listForumTopics(chatPk: number) {
    return this.#sql
      .all('SELECT * FROM forum_topics WHERE chat_pk = ? ORDER BY thread_id', chatPk)
      .map(topicOf);
  }
  async listTopicMessages(chatPk: number, threadId: number) {
    return this.#sql
      .all(
        'SELECT message_id FROM forum_topic_messages WHERE chat_pk = ? AND thread_id = ? ORDER BY message_id',
        chatPk,
        threadId,
      )
      .map((row) => row.message_id as number);
  }
  async topicOfMessage(chatPk: number, messageId: number) {
    const row = this.#sql.get(
      'SELECT thread_id FROM forum_topic_messages WHERE chat_pk = ? AND message_id = ?',
      chatPk,
      messageId,
    );
    return row ? (row.thread_id as number) : undefined;
  }
  async insertForumTopic(row: ForumTopicRow) {
    this.#sql.insert('forum_topics', row);
  }
  async updateForumTopic(chatPk: number, threadId: number, patch: Patch) {
    const keys = Object.keys(patch) as Array<keyof Patch>;
    if (keys.length === 0) return;
    const sql = `UPDATE forum_topics SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE chat_pk = ? AND thread_id = ?`;
    this.#sql.run(sql, ...keys.map((k) => sqlValue(patch[k])), chatPk, threadId);
  }
  async deleteForumTopic(chatPk: number, threadId: number) {
    this.#sql.run('DELETE FROM forum_topics WHERE chat_pk = ? AND thread_id = ?', chatPk, threadId);
    this.#sql.run('DELETE FROM forum_topic_messages WHERE chat_pk = ? AND thread_id = ?', chatPk, threadId);
  }
  async addTopicMessage(chatPk: number, threadId: number, messageId: number) {
    this.#sql.run(
      'INSERT OR IGNORE INTO forum_topic_messages (chat_pk, thread_id, message_id) VALUES (?, ?, ?)',
      chatPk,
      threadId,
      messageId,
    );
  }
}
