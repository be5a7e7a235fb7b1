/**
 * A person's chat list, as their app shows it (the web client, ADR 0055): every chat the person is
 * in, as that person sees it, with its newest message and how many messages others sent after the
 * person's read cursor; newest activity first. Reading a chat moves the cursor.
 */
import type { Platform } from '../assembly/platform.js';
import type { WireChat, WireMessage } from '../core/wire-types.js';
import type { ChatRow } from '../../storage/store.js';

/** At most this many chats are listed (the newest by message id). */
export const CHAT_LIST_LIMIT = 200;

export interface ChatListEntry {
  chat: WireChat;
  last_message?: WireMessage;
  unread_count: number;
}

export class ChatList {
  constructor(private readonly platform: Platform) {}

  async forUser(userId: number): Promise<ChatListEntry[]> {
    const { store } = this.platform.deps;
    const rows = await store.listUserChats(userId, CHAT_LIST_LIMIT);
    const entries = await Promise.all(
      rows.map(async (row) => {
        const [chat, [last], cursor] = await Promise.all([
          this.platform.chats.render(store, row, userId),
          store.listMessages(row.pk, { limit: 1 }),
          store.getReadCursor(userId, row.pk),
        ]);
        const entry: ChatListEntry & { at: number } = {
          chat,
          unread_count: await store.countIncomingAfter(row.pk, cursor, userId),
          at: last?.date ?? row.created_at,
        };
        if (last) entry.last_message = await this.platform.messages.render(store, row, last, userId);
        return entry;
      }),
    );
    return entries.sort((a, b) => b.at - a.at).map(({ at: _at, ...entry }) => entry);
  }

  /**
   * The person has read the chat up to `messageId` (the newest shown): the cursor moves there,
   * never back.
   */
  async markRead(userId: number, chat: ChatRow, messageId: number): Promise<void> {
    const { store } = this.platform.deps;
    if ((await store.getReadCursor(userId, chat.pk)) >= messageId) return;
    await store.write(async (tx) => {
      if ((await tx.getReadCursor(userId, chat.pk)) < messageId)
        await tx.setReadCursor(userId, chat.pk, messageId);
    });
    // The others of the chat see their messages read (the web client's ticks, ADR 0098).
    this.platform.deps.bus.emit('chat.read', { chatPk: chat.pk, userId });
  }
}
