/** Messages, read cursors, callback queries, reactions and pins on SQLite (ports/messages.ts). */
import { type SqlStatements } from '../sql-statements.js';
import { MESSAGES_SQL as SQL } from '../../sql/messages.js';
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
    return this.#sql.get(SQL.getMessage, chatPk, messageId) as MessageRow | undefined;
  }
  async listMessages(chatPk: number, opts: ListMessagesOptions) {
    if (opts.beforeId === undefined && !opts.oldest) {
      const rows = this.#sql.all(
        SQL.listMessagesNewest,
        chatPk,
        opts.afterId ?? 0,
        opts.limit,
      ) as unknown as MessageRow[];
      return rows.reverse();
    }
    const rows = this.#sql.all(
      opts.oldest ? SQL.listMessagesOldest : SQL.listMessagesBefore,
      chatPk,
      opts.afterId ?? 0,
      opts.beforeId ?? Number.MAX_SAFE_INTEGER,
      opts.limit,
    ) as unknown as MessageRow[];
    return opts.oldest ? rows : rows.reverse();
  }
  async nextIncomingMessage(chatPk: number, afterId: number, notSenderId: number) {
    return this.#sql.get(SQL.nextIncomingMessage, chatPk, afterId, notSenderId) as MessageRow | undefined;
  }
  async insertMessage(row: MessageRow) {
    this.#sql.insert('messages', row);
  }
  async updateMessage(chatPk: number, messageId: number, body: string, editDate: number | null) {
    this.#sql.run(SQL.updateMessage, body, editDate, chatPk, messageId);
  }
  async deleteMessage(chatPk: number, messageId: number) {
    this.#sql.run(SQL.deleteMessage, chatPk, messageId);
  }
  async getReadCursor(userId: number, chatPk: number) {
    const row = this.#sql.get(SQL.getReadCursor, userId, chatPk);
    return (row?.message_id as number | undefined) ?? 0;
  }
  async setReadCursor(userId: number, chatPk: number, messageId: number) {
    this.#sql.run(SQL.setReadCursor.sqlite, userId, chatPk, messageId);
  }
  async getCallbackQuery(id: string) {
    return this.#sql.get(SQL.getCallbackQuery, id) as CallbackQueryRow | undefined;
  }
  async insertCallbackQuery(row: CallbackQueryRow) {
    this.#sql.insert('callback_queries', row);
  }
  async answerCallbackQuery(id: string, answer: string, answeredAt: number) {
    const result = this.#sql.run(SQL.answerCallbackQuery, answer, answeredAt, id);
    return result.changes === 1;
  }
  async listMessageReactions(chatPk: number, messageId: number) {
    return this.#sql
      .all(SQL.listMessageReactions, chatPk, messageId)
      .map((row) => ({ ...row, is_big: row.is_big === 1 }) as unknown as MessageReactionRow);
  }
  async listReactionsBetween(chatPk: number, fromId: number, toId: number) {
    return this.#sql
      .all(SQL.listReactionsBetween, chatPk, fromId, toId)
      .map((row) => ({ ...row, is_big: row.is_big === 1 }) as unknown as MessageReactionRow);
  }
  async listUserReactions(chatPk: number, userId: number, limit: number) {
    return this.#sql
      .all(SQL.listUserReactions, chatPk, userId, limit)
      .map((row) => ({ ...row, is_big: row.is_big === 1 }) as unknown as MessageReactionRow);
  }
  async setMessageReaction(row: MessageReactionRow) {
    this.#sql.run(
      SQL.setMessageReaction,
      row.chat_pk,
      row.message_id,
      row.user_id,
      row.reaction,
      row.is_big ? 1 : 0,
      row.updated_at,
    );
  }
  async deleteMessageReaction(chatPk: number, messageId: number, userId: number) {
    this.#sql.run(SQL.deleteMessageReaction, chatPk, messageId, userId);
  }
  async listPinnedMessages(chatPk: number) {
    return this.#sql.all(SQL.listPinnedMessages, chatPk).map((row) => row.message_id as number);
  }
  async pinMessage(chatPk: number, messageId: number, pinnedAt: number) {
    this.#sql.run(SQL.pinMessage, chatPk, messageId, pinnedAt);
  }
  async unpinMessage(chatPk: number, messageId: number) {
    return this.#sql.run(SQL.unpinMessage, chatPk, messageId).changes === 1;
  }
  async unpinAllMessages(chatPk: number) {
    return this.#sql.run(SQL.unpinAllMessages, chatPk).changes;
  }
}
