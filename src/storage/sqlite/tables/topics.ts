/** Forum topics and their messages on SQLite (ports/topics.ts). */
import { sqlValue, type SqlStatements } from '../sql-statements.js';
import type { ForumTopicRow, TopicsReader, TopicsWriter } from '../../ports/topics.js';
import { updateSql } from '../../sql/rows.js';
import { TOPICS_SQL as SQL } from '../../sql/topics.js';

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
    const row = this.#sql.get(SQL.getForumTopic, chatPk, threadId);
    return row ? topicOf(row) : undefined;
  }
  async listForumTopics(chatPk: number) {
    return this.#sql.all(SQL.listForumTopics, chatPk).map(topicOf);
  }
  async listTopicMessages(chatPk: number, threadId: number) {
    return this.#sql.all(SQL.listTopicMessages, chatPk, threadId).map((row) => row.message_id as number);
  }
  async topicOfMessage(chatPk: number, messageId: number) {
    const row = this.#sql.get(SQL.topicOfMessage, chatPk, messageId);
    return row ? (row.thread_id as number) : undefined;
  }
  async insertForumTopic(row: ForumTopicRow) {
    this.#sql.insert('forum_topics', row);
  }
  async updateForumTopic(chatPk: number, threadId: number, patch: Patch) {
    const keys = Object.keys(patch) as Array<keyof Patch>;
    if (keys.length === 0) return;
    const sql = updateSql('forum_topics', keys, 'chat_pk = ? AND thread_id = ?');
    this.#sql.run(sql, ...keys.map((k) => sqlValue(patch[k])), chatPk, threadId);
  }
  async deleteForumTopic(chatPk: number, threadId: number) {
    this.#sql.run(SQL.deleteForumTopic, chatPk, threadId);
    this.#sql.run(SQL.deleteTopicMessages, chatPk, threadId);
  }
  async addTopicMessage(chatPk: number, threadId: number, messageId: number) {
    this.#sql.run(SQL.addTopicMessage, chatPk, threadId, messageId);
  }
}
