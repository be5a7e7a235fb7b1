/** Banned sender chats on SQLite (ports/sender-chats.ts). */
import { type SqlStatements } from '../sql-statements.js';
import type { SenderChatsReader, SenderChatsWriter } from '../../ports/sender-chats.js';

export class SqliteSenderChats implements SenderChatsReader, SenderChatsWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async isSenderChatBanned(chatPk: number, senderChatPk: number) {
    const row = this.#sql.get(
      'SELECT 1 AS banned FROM banned_sender_chats WHERE chat_pk = ? AND sender_chat_pk = ?',
      chatPk,
      senderChatPk,
    );
    return row !== undefined;
  }
  async listBannedSenderChats(chatPk: number) {
    return this.#sql
      .all(
        'SELECT sender_chat_pk FROM banned_sender_chats WHERE chat_pk = ? ORDER BY banned_at, sender_chat_pk',
        chatPk,
      )
      .map((row) => row.sender_chat_pk as number);
  }
  async banSenderChat(chatPk: number, senderChatPk: number, at: number) {
    this.#sql.run(
      `INSERT INTO banned_sender_chats (chat_pk, sender_chat_pk, banned_at) VALUES (?, ?, ?)
       ON CONFLICT (chat_pk, sender_chat_pk) DO NOTHING`,
      chatPk,
      senderChatPk,
      at,
    );
  }
  async unbanSenderChat(chatPk: number, senderChatPk: number) {
    this.#sql.run(
      'DELETE FROM banned_sender_chats WHERE chat_pk = ? AND sender_chat_pk = ?',
      chatPk,
      senderChatPk,
    );
  }
}
