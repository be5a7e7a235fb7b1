/** Messages, read cursors, callback queries, reactions and pins on PostgreSQL (ports/messages.ts). */
import { memoKey } from '../pg-read-memo.js';
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

/**
 * A callback query's answer that fails unless it is the first: the conditional update, then a
 * division by the number of rows it changed (none: SQLSTATE 22012, which runs the write again).
 */
const ANSWER_OR_FAIL = `WITH answered AS (${SQL.answerCallbackQuery} RETURNING 1)
  SELECT 1 / count(*)::int AS first FROM answered`;
const DIVISION_BY_ZERO = '22012';

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
    const params = [body, editDate, chatPk, messageId];
    const write = this.sql.write;
    if (!write) return void (await this.sql.run(SQL.updateMessage, ...params));
    // Nothing to answer, and no unique column changed: sent with the write's next statement. It
    // changes this message alone: the write's kept reads of other messages by id stay.
    this.sql.memo?.changedRow('messages', memoKey(SQL.getMessage, [chatPk, messageId]));
    write.runLater('messages', SQL.updateMessage, params);
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
    const row = (await this.sql.get(SQL.getCallbackQuery, id)) as CallbackQueryRow | undefined;
    // Unanswered, read on the pool (before the write that answers it): the answer may wait.
    const scope = this.sql.cache;
    if (row && row.answered_at === null && scope && !this.sql.write) scope.caches.keepUnansweredQuery(id);
    return row;
  }
  async insertCallbackQuery(row: CallbackQueryRow) {
    // Nothing to answer: sent with the write's next statement (a press's update, issue 31).
    await this.sql.insertLater('callback_queries', row);
    // Unanswered as inserted: its answer may wait too (a hint only, as a read's: ADR 0127).
    if (row.answered_at === null && this.sql.write) this.sql.cache?.caches.keepUnansweredQuery(row.id);
  }
  async answerCallbackQuery(id: string, answer: string, answeredAt: number) {
    // A query a read just found unanswered: the answer waits for the write's next statement (no
    // round trip of its own), and fails it if the query was answered since (ANSWER_OR_FAIL), which
    // runs the write again, without the hint: the update then answers whether it was first.
    if (this.sql.write && this.sql.cache?.caches.takeUnansweredQuery(id)) {
      this.sql.memo?.wrote(SQL.answerCallbackQuery);
      this.sql.write.runLater('callback_queries', ANSWER_OR_FAIL, [answer, answeredAt, id], {
        rerunOn: DIVISION_BY_ZERO,
      });
      return true;
    }
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
