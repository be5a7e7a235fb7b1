/** Banned sender chats on SQLite (ports/sender-chats.ts). */
import { type SqlStatements } from '../sql-statements.js';
import type { SenderChatsReader, SenderChatsWriter } from '../../ports/sender-chats.js';
import { SENDER_CHATS_SQL as SQL } from '../../sql/sender-chats.js';

export class SqliteSenderChats implements SenderChatsReader, SenderChatsWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async isSenderChatBanned(chatPk: number, senderChatPk: number) {
    const row = this.#sql.get(SQL.isSenderChatBanned, chatPk, senderChatPk);
    return row !== undefined;
  }
  async listBannedSenderChats(chatPk: number) {
    return this.#sql.all(SQL.listBannedSenderChats, chatPk).map((row) => row.sender_chat_pk as number);
  }
  async banSenderChat(chatPk: number, senderChatPk: number, at: number) {
    this.#sql.run(SQL.banSenderChat, chatPk, senderChatPk, at);
  }
  async unbanSenderChat(chatPk: number, senderChatPk: number) {
    this.#sql.run(SQL.unbanSenderChat, chatPk, senderChatPk);
  }
}
