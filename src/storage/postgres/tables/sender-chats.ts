/** Banned sender chats on PostgreSQL (ports/sender-chats.ts). */
import type { PgSql } from '../pg-sql.js';
import type { SenderChatsReader, SenderChatsWriter } from '../../ports/sender-chats.js';

export class PgSenderChats implements SenderChatsReader, SenderChatsWriter {
  constructor(private readonly sql: PgSql) {}

  async isSenderChatBanned(chatPk: number, senderChatPk: number) {
    const row = await this.sql.get(
      'SELECT 1 AS banned FROM banned_sender_chats WHERE chat_pk = ? AND sender_chat_pk = ?',
      chatPk,
      senderChatPk,
    );
    return row !== undefined;
  }
  async listBannedSenderChats(chatPk: number) {
    const rows = await this.sql.all(
      'SELECT sender_chat_pk FROM banned_sender_chats WHERE chat_pk = ? ORDER BY banned_at, sender_chat_pk',
      chatPk,
    );
    return rows.map((row) => Number(row.sender_chat_pk));
  }
  async banSenderChat(chatPk: number, senderChatPk: number, at: number) {
    await this.sql.run(
      `INSERT INTO banned_sender_chats (chat_pk, sender_chat_pk, banned_at) VALUES (?, ?, ?)
       ON CONFLICT (chat_pk, sender_chat_pk) DO NOTHING`,
      chatPk,
      senderChatPk,
      at,
    );
  }
  async unbanSenderChat(chatPk: number, senderChatPk: number) {
    await this.sql.run(
      'DELETE FROM banned_sender_chats WHERE chat_pk = ? AND sender_chat_pk = ?',
      chatPk,
      senderChatPk,
    );
  }
}
