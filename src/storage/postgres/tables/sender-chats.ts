/** Banned sender chats on PostgreSQL (ports/sender-chats.ts). */
import type { PgSql } from '../pg-sql.js';
import type { SenderChatsReader, SenderChatsWriter } from '../../ports/sender-chats.js';
import { SENDER_CHATS_SQL as SQL } from '../../sql/sender-chats.js';

export class PgSenderChats implements SenderChatsReader, SenderChatsWriter {
  constructor(private readonly sql: PgSql) {}

  async isSenderChatBanned(chatPk: number, senderChatPk: number) {
    const row = await this.sql.get(SQL.isSenderChatBanned, chatPk, senderChatPk);
    return row !== undefined;
  }
  async listBannedSenderChats(chatPk: number) {
    const rows = await this.sql.all(SQL.listBannedSenderChats, chatPk);
    return rows.map((row) => Number(row.sender_chat_pk));
  }
  async banSenderChat(chatPk: number, senderChatPk: number, at: number) {
    await this.sql.run(SQL.banSenderChat, chatPk, senderChatPk, at);
  }
  async unbanSenderChat(chatPk: number, senderChatPk: number) {
    await this.sql.run(SQL.unbanSenderChat, chatPk, senderChatPk);
  }
}
