/**
 * Sender chats banned in a supergroup or channel (table `banned_sender_chats`, banChatSenderChat,
 * ADR 0052).
 *
 * Contract: at most one ban per (chat_pk, sender_chat_pk); banning again keeps the first ban (and its
 * `banned_at`); unbanning a chat that is not banned does nothing. `listBannedSenderChats` answers the
 * banned sender chats' pks in the order they were banned (ties by pk). Nothing here is cached.
 */

export interface SenderChatsReader {
  isSenderChatBanned(chatPk: number, senderChatPk: number): Promise<boolean>;
  listBannedSenderChats(chatPk: number): Promise<number[]>;
}

export interface SenderChatsWriter {
  banSenderChat(chatPk: number, senderChatPk: number, at: number): Promise<void>;
  unbanSenderChat(chatPk: number, senderChatPk: number): Promise<void>;
}
