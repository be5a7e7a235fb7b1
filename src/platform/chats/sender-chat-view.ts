/**
 * How a message sent on behalf of a chat looks (ADR 0052; the rules are in sender-chats.ts): its
 * `sender_chat`, and as `from` the placeholder bot that TDLib's Bot API shows older clients. Apart
 * from sender-chats.ts so that messages.ts can render such messages without depending on the rules.
 */
import type { Chats } from './chats.js';
import type { MessageContent, WireChat, WireUser } from '../core/wire-types.js';
import type { ChatRow, UserRow } from '../../storage/store.js';
import type { ChatsReader } from '../../storage/ports/chats.js';
import type { UsersReader } from '../../storage/ports/users.js';
import type { SenderChatsReader } from '../../storage/ports/sender-chats.js';

/** The `from` of a message sent on behalf of a channel (TDLib's CHANNEL_BOT_USER_ID). */
export const CHANNEL_BOT: Readonly<WireUser> = Object.freeze({
  id: 136817688,
  is_bot: true,
  first_name: 'Channel',
  username: 'Channel_Bot',
});

/** The `from` of a message an anonymous administrator sent as the group (GROUP_ANONYMOUS_BOT_USER_ID). */
export const GROUP_ANONYMOUS_BOT: Readonly<WireUser> = Object.freeze({
  id: 1087968824,
  is_bot: true,
  first_name: 'Group',
  username: 'GroupAnonymousBot',
});

/** The placeholder `from` of a message sent in chat `chatId` on behalf of chat `senderChatId`. */
export function placeholderSender(chatId: number, senderChatId: number): WireUser {
  return { ...(senderChatId === chatId ? GROUP_ANONYMOUS_BOT : CHANNEL_BOT) };
}

/** A message on behalf of a chat, as messages.ts takes it: the chat's id and the check of the write. */
export interface SendAs {
  chatId: number;
  /** Refuses, inside the message's write, what may not be sent as the chat (it then keeps nothing). */
  check(tx: ChatsReader & SenderChatsReader, chat: ChatRow, user: UserRow): Promise<void>;
}

/**
 * `sender_chat` and the placeholder `from` of a message sent on behalf of a chat (its body's
 * `_sender_chat`), as `viewerId` sees them; undefined for any other message. In a channel every
 * message is the channel's own (messages.ts renders those).
 */
export async function renderSenderChat(
  reader: ChatsReader & UsersReader,
  chats: Chats,
  chat: ChatRow,
  content: MessageContent,
  viewerId: number,
): Promise<{ from: WireUser; sender_chat: WireChat } | undefined> {
  const senderChatId = content._sender_chat;
  if (typeof senderChatId !== 'number' || chat.type === 'channel' || chat.id === null) return undefined;
  const sender = senderChatId === chat.id ? chat : await reader.getChatById(senderChatId);
  const senderChat: WireChat = sender
    ? await chats.render(reader, sender, viewerId)
    : { id: senderChatId, type: 'channel' };
  return { from: placeholderSender(chat.id, senderChatId), sender_chat: senderChat };
}
