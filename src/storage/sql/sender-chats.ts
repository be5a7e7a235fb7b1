/** Banned sender chats (ports/sender-chats.ts): one text for both adapters (ADR 0109). */
export const SENDER_CHATS_SQL = Object.freeze({
  isSenderChatBanned: 'SELECT 1 AS banned FROM banned_sender_chats WHERE chat_pk = ? AND sender_chat_pk = ?',
  listBannedSenderChats:
    'SELECT sender_chat_pk FROM banned_sender_chats WHERE chat_pk = ? ORDER BY banned_at, sender_chat_pk',
  banSenderChat: `INSERT INTO banned_sender_chats (chat_pk, sender_chat_pk, banned_at) VALUES (?, ?, ?)
    ON CONFLICT (chat_pk, sender_chat_pk) DO NOTHING`,
  unbanSenderChat: 'DELETE FROM banned_sender_chats WHERE chat_pk = ? AND sender_chat_pk = ?',
} as const);
