/** Messages, read cursors, callback queries, reactions and pins on SQLite (ports/messages.ts). */
import { LIMIT_PARAM, type SqlStatements } from '../sql-statements.js';
import {
  type CallbackQueryRow,
  type ListMessagesOptions,
  type MessageReactionRow,
  type MessageRow,
  type MessagesReader,
  type MessagesWriter,
} from '../../ports/messages.js';

export class SqliteMessages implements MessagesReader, MessagesWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getMessage(chatPk: number, messageId: number) {
    return this.#sql.get('SELECT * FROM messages WHERE chat_pk = ? AND message_id = ?', chatPk, messageId) as
      MessageRow | undefined;
  }
  async listMessages(chatPk: number, opts: ListMessagesOptions) {
    if (opts.beforeId === undefined && !opts.oldest) {
      const rows = this.#sql.all(
        `SELECT * FROM messages WHERE chat_pk = ? AND message_id > ? ORDER BY message_id DESC LIMIT ${LIMIT_PARAM}`,
        chatPk,
        opts.afterId ?? 0,
        opts.limit,
      ) as unknown as MessageRow[];
      return rows.reverse();
    }
    const rows = this.#sql.all(
      `SELECT * FROM messages WHERE chat_pk = ? AND message_id > ? AND message_id < ?
       ORDER BY message_id ${opts.oldest ? 'ASC' : 'DESC'} LIMIT ${LIMIT_PARAM}`,
      chatPk,
      opts.afterId ?? 0,
      opts.beforeId ?? Number.MAX_SAFE_INTEGER,
      opts.limit,
    ) as unknown as MessageRow[];
    return opts.oldest ? rows : rows.reverse();
  }
  async nextIncomingMessage(chatPk: number, afterId: number, notSenderId: number) {
    return this.#sql.get(
      `SELECT * FROM messages WHERE chat_pk = ? AND message_id > ? AND (sender_id IS NULL OR sender_id <> ?)
       ORDER BY message_id LIMIT 1`,
      chatPk,
      afterId,
      notSenderId,
    ) as MessageRow | undefined;
  }
  async insertMessage(row: MessageRow) {
    this.#sql.insert('messages', row);
  }
  async updateMessage(chatPk: number, messageId: number, body: string, editDate: number | null) {
    this.#sql.run(
      'UPDATE messages SET body = ?, edit_date = ? WHERE chat_pk = ? AND message_id = ?',
      body,
      editDate,
      chatPk,
      messageId,
    );
  }
  async deleteMessage(chatPk: number, messageId: number) {
    this.#sql.run('DELETE FROM messages WHERE chat_pk = ? AND message_id = ?', chatPk, messageId);
  }
  async getReadCursor(userId: number, chatPk: number) {
    const row = this.#sql.get(
      'SELECT message_id FROM read_cursors WHERE user_id = ? AND chat_pk = ?',
      userId,
      chatPk,
    );
    return (row?.message_id as number | undefined) ?? 0;
  }
  async setReadCursor(userId: number, chatPk: number, messageId: number) {
    this.#sql.run(
      `INSERT INTO read_cursors (user_id, chat_pk, message_id) VALUES (?, ?, ?)
       ON CONFLICT (user_id, chat_pk) DO UPDATE SET message_id = max(message_id, excluded.message_id)`,
      userId,
      chatPk,
      messageId,
    );
  }
  async getCallbackQuery(id: string) {
    return this.#sql.get('SELECT * FROM callback_queries WHERE id = ?', id) as CallbackQueryRow | undefined;
  }
  async insertCallbackQuery(row: CallbackQueryRow) {
    this.#sql.insert('callback_queries', row);
  }
  async answerCallbackQuery(id: string, answer: string, answeredAt: number) {
    const result = this.#sql.run(
      'UPDATE callback_queries SET answer = ?, answered_at = ? WHERE id = ? AND answered_at IS NULL',
      answer,
      answeredAt,
      id,
    );
    return result.changes === 1;
  }
  async listMessageReactions(chatPk: number, messageId: number) {
    return this.#sql
      .all(
        `SELECT * FROM message_reactions WHERE chat_pk = ? AND message_id = ?
       ORDER BY updated_at, user_id`,
        chatPk,
        messageId,
      )
      .map((row) => ({ ...row, is_big: row.is_big === 1 }) as unknown as MessageReactionRow);
  }
  async listReactionsBetween(chatPk: number, fromId: number, toId: number) {
    return this.#sql
      .all(
        `SELECT * FROM message_reactions WHERE chat_pk = ? AND message_id BETWEEN ? AND ?
       ORDER BY message_id, updated_at, user_id`,
        chatPk,
        fromId,
        toId,
      )
      .map((row) => ({ ...row, is_big: row.is_big === 1 }) as unknown as MessageReactionRow);
  }
  async listUserReactions(chatPk: number, userId: number, limit: number) {
    return this.#sql
      .all(
        `SELECT * FROM message_reactions WHERE chat_pk = ? AND user_id = ?
       ORDER BY updated_at DESC, message_id DESC LIMIT ${LIMIT_PARAM}`,
        chatPk,
        userId,
        limit,
      )
      .map((row) => ({ ...row, is_big: row.is_big === 1 }) as unknown as MessageReactionRow);
  }
  async setMessageReaction(row: MessageReactionRow) {
    this.#sql.run(
      `INSERT INTO message_reactions (chat_pk, message_id, user_id, reaction, is_big, updated_at)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (chat_pk, message_id, user_id) DO UPDATE SET
       reaction = excluded.reaction, is_big = excluded.is_big, updated_at = excluded.updated_at`,
      row.chat_pk,
      row.message_id,
      row.user_id,
      row.reaction,
      row.is_big ? 1 : 0,
      row.updated_at,
    );
  }
  async deleteMessageReaction(chatPk: number, messageId: number, userId: number) {
    this.#sql.run(
      'DELETE FROM message_reactions WHERE chat_pk = ? AND message_id = ? AND user_id = ?',
      chatPk,
      messageId,
      userId,
    );
  }
  async listPinnedMessages(chatPk: number) {
    return this.#sql
      .all(
        `SELECT p.message_id FROM pinned_messages p JOIN messages m
       ON m.chat_pk = p.chat_pk AND m.message_id = p.message_id
       WHERE p.chat_pk = ? ORDER BY p.message_id DESC`,
        chatPk,
      )
      .map((row) => row.message_id as number);
  }
  async pinMessage(chatPk: number, messageId: number, pinnedAt: number) {
    this.#sql.run(
      `INSERT INTO pinned_messages (chat_pk, message_id, pinned_at) VALUES (?, ?, ?)
       ON CONFLICT (chat_pk, message_id) DO UPDATE SET pinned_at = excluded.pinned_at`,
      chatPk,
      messageId,
      pinnedAt,
    );
  }
  async unpinMessage(chatPk: number, messageId: number) {
    return (
      this.#sql.run('DELETE FROM pinned_messages WHERE chat_pk = ? AND message_id = ?', chatPk, messageId)
        .changes === 1
    );
  }
  async unpinAllMessages(chatPk: number) {
    return this.#sql.run('DELETE FROM pinned_messages WHERE chat_pk = ?', chatPk).changes;
  }
}
