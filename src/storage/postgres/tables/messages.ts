/** Messages, read cursors, callback queries, reactions and pins on PostgreSQL (ports/messages.ts). */
import type { PgSql } from '../pg-sql.js';
import { MESSAGES_SQL as SQL } from '../../sql/messages.js';
import type {
  CallbackQueryRow,
  ListMessagesOptions,
  MessageReactionRow,
  MessageRow,
  MessagesReader,
  MessagesWriter,
} from '../../ports/messages.js';

export class PgMessages implements MessagesReader, MessagesWriter {
  constructor(private readonly sql: PgSql) {}

  async getMessage(chatPk: number, messageId: number) {
    return (await this.sql.get(SQL.getMessage, chatPk, messageId)) as MessageRow | undefined;
  }
  async listMessages(chatPk: number, opts: ListMessagesOptions) {
    if (opts.beforeId === undefined && !opts.oldest) {
      const rows = (await this.sql.all(
        SQL.listMessagesNewest,
        chatPk,
        opts.afterId ?? 0,
        opts.limit,
      )) as unknown as MessageRow[];
      return rows.reverse();
    }
    const rows = (await this.sql.all(
      opts.oldest ? SQL.listMessagesOldest : SQL.listMessagesBefore,
      chatPk,
      opts.afterId ?? 0,
      opts.beforeId ?? Number.MAX_SAFE_INTEGER,
      opts.limit,
    )) as unknown as MessageRow[];
    return opts.oldest ? rows : rows.reverse();
  }
  async nextIncomingMessage(chatPk: number, afterId: number, notSenderId: number) {
    return (await this.sql.get(SQL.nextIncomingMessage, chatPk, afterId, notSenderId)) as
      MessageRow | undefined;
  }
  async insertMessage(row: MessageRow) {
    // Nothing to answer: sent with the write's next statement (pg-transaction.ts).
    await this.sql.insertLater('messages', row);
  }
  async updateMessage(chatPk: number, messageId: number, body: string, editDate: number | null) {
    // Nothing to answer, and no unique column changed: sent with the write's next statement.
    await this.sql.runLater('messages', SQL.updateMessage, body, editDate, chatPk, messageId);
  }
  async deleteMessage(chatPk: number, messageId: number) {
    await this.sql.run(SQL.deleteMessage, chatPk, messageId);
  }
  async getReadCursor(userId: number, chatPk: number) {
    const row = await this.sql.get(SQL.getReadCursor, userId, chatPk);
    return (row?.message_id as number | undefined) ?? 0;
  }
  async setReadCursor(userId: number, chatPk: number, messageId: number) {
    await this.sql.run(SQL.setReadCursor.postgres, userId, chatPk, messageId);
  }
  async getCallbackQuery(id: string) {
    return (await this.sql.get(SQL.getCallbackQuery, id)) as CallbackQueryRow | undefined;
  }
  async insertCallbackQuery(row: CallbackQueryRow) {
    // Nothing to answer: sent with the write's next statement (a press's update, issue 31).
    await this.sql.insertLater('callback_queries', row);
  }
  async answerCallbackQuery(id: string, answer: string, answeredAt: number) {
    const changes = await this.sql.run(SQL.answerCallbackQuery, answer, answeredAt, id);
    return changes === 1;
  }
  async listMessageReactions(chatPk: number, messageId: number) {
    return (await this.sql.all(
      SQL.listMessageReactions,
      chatPk,
      messageId,
    )) as unknown as MessageReactionRow[];
  }
  async listReactionsBetween(chatPk: number, fromId: number, toId: number) {
    return (await this.sql.all(
      SQL.listReactionsBetween,
      chatPk,
      fromId,
      toId,
    )) as unknown as MessageReactionRow[];
  }
  async listUserReactions(chatPk: number, userId: number, limit: number) {
    return (await this.sql.all(
      SQL.listUserReactions,
      chatPk,
      userId,
      limit,
    )) as unknown as MessageReactionRow[];
  }
  async setMessageReaction(row: MessageReactionRow) {
    await this.sql.run(
      SQL.setMessageReaction,
      row.chat_pk,
      row.message_id,
      row.user_id,
      row.reaction,
      row.is_big,
      row.updated_at,
    );
  }
  async deleteMessageReaction(chatPk: number, messageId: number, userId: number) {
    await this.sql.run(SQL.deleteMessageReaction, chatPk, messageId, userId);
  }
  async listPinnedMessages(chatPk: number) {
    const rows = await this.sql.all(SQL.listPinnedMessages, chatPk);
    return rows.map((row) => row.message_id as number);
  }
  async pinMessage(chatPk: number, messageId: number, pinnedAt: number) {
    await this.sql.run(SQL.pinMessage, chatPk, messageId, pinnedAt);
  }
  async unpinMessage(chatPk: number, messageId: number) {
    const changes = await this.sql.run(SQL.unpinMessage, chatPk, messageId);
    return changes === 1;
  }
  async unpinAllMessages(chatPk: number) {
    return this.sql.run(SQL.unpinAllMessages, chatPk);
  }
}
