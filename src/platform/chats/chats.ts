/**
 * Chats and their members. A private chat joins two users (a person and a bot, or two people); it has
 * no public id of its own: each side sees the other party's user id as the chat id.
 */
import { checkChatAccess } from './chat-access.js';
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import { renderUser } from '../users/users.js';
import type { WireChat } from '../core/wire-types.js';
import type { ChatRow, UserRow } from '../../storage/store.js';
import type { UsersReader } from '../../storage/ports/users.js';
import type { ChatsReader, ChatsWriter } from '../../storage/ports/chats.js';

export class Chats {
  constructor(private readonly deps: PlatformDeps) {}

  /** The private chat of two users, created (with both as members) on first use. */
  async ensurePrivate(tx: ChatsReader & ChatsWriter, a: UserRow, b: UserRow): Promise<ChatRow> {
    const now = this.deps.clock.now();
    const row: Omit<ChatRow, 'pk'> = {
      id: null,
      type: 'private',
      title: null,
      username: null,
      description: null,
      user_a: Math.min(a.id, b.id),
      user_b: Math.max(a.id, b.id),
      last_message_id: 0,
      created_at: now,
    };
    const { chat, created } = await tx.ensurePrivateChat(row);
    if (!created) return chat;
    for (const user of [a, b]) {
      await tx.upsertMember({
        chat_pk: chat.pk,
        user_id: user.id,
        status: 'member',
        data: '{}',
        updated_at: now,
      });
    }
    return chat;
  }

  /**
   * Finds the chat that `viewer` means by `chatId`: for a private chat the other party's user id,
   * otherwise the chat's public id. Throws CHAT_NOT_FOUND / PRIVATE_CHAT_NOT_FOUND, and for bots
   * BOT_KICKED / BOT_NOT_MEMBER / CHAT_MIGRATED.
   */
  async resolveForViewer(
    reader: ChatsReader & UsersReader,
    viewer: UserRow,
    chatId: number,
  ): Promise<ChatRow> {
    if (chatId > 0) {
      const chat = await reader.getPrivateChat(viewer.id, chatId);
      if (chat) return chat;
      const other = await reader.getUser(chatId);
      throw new PlatformError(other ? 'PRIVATE_CHAT_NOT_FOUND' : 'CHAT_NOT_FOUND', 'chat not found');
    }
    const chat = await reader.getChatById(chatId);
    if (!chat) throw new PlatformError('CHAT_NOT_FOUND', 'chat not found');
    // Bots get the reference's 403 texts and the upgrade error (chat-access.ts).
    await checkChatAccess(reader, chat, viewer, this.deps.clock.now());
    return chat;
  }

  /** The Chat object as `viewer` sees it. */
  async render(reader: UsersReader, chat: ChatRow, viewerId: number): Promise<WireChat> {
    if (chat.type === 'private') {
      const otherId = chat.user_a === viewerId ? chat.user_b! : chat.user_a!;
      const other = await reader.getUser(otherId);
      if (!other) throw new PlatformError('CHAT_NOT_FOUND', 'chat not found');
      return privateChatOf(other);
    }
    const wire: WireChat = { id: chat.id!, type: chat.type };
    if (chat.title) wire.title = chat.title;
    if (chat.username) wire.username = chat.username;
    if (chat.type === 'supergroup' && chat.is_forum) wire.is_forum = true;
    // A channel's direct-messages chat (platform/suggested-posts/, ADR 0053).
    if (chat.parent_pk) wire.is_direct_messages = true;
    return wire;
  }
}

/** The private chat with `user`, as the other party sees it. */
export function privateChatOf(user: UserRow): WireChat {
  const wire = renderUser(user);
  const chat: WireChat = { id: wire.id, type: 'private', first_name: wire.first_name };
  if (wire.last_name) chat.last_name = wire.last_name;
  if (wire.username) chat.username = wire.username;
  return chat;
}
