-- Sender chats banned in a supergroup or channel (banChatSenderChat, platform/chats/sender-chats.ts,
-- ports/sender-chats.ts, ADR 0052): one row per (chat, banned channel) until unbanChatSenderChat.
CREATE TABLE banned_sender_chats (
  chat_pk INTEGER NOT NULL,
  sender_chat_pk INTEGER NOT NULL,
  banned_at INTEGER NOT NULL,
  PRIMARY KEY (chat_pk, sender_chat_pk)
);
