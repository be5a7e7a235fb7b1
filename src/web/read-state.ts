/**
 * Sent and read on the person's own messages (ADR 0098). The platform keeps a read cursor per
 * person and chat (chat-list.ts: reading a chat moves it); an own message is read once another
 * person of the chat has a cursor at or past it. Bots keep no cursor, so a message to a bot stays
 * "sent", as nothing says the bot read it.
 */
import type { Platform } from '../platform/assembly/platform.js';
import type { ChatRow } from '../storage/store.js';

/** Members whose cursors are read in a group: the first this many (a large group is not scanned). */
const MEMBERS_READ = 200;

/** The highest message id of the chat that someone other than `userId` (not a bot) has read. */
export async function readByOthers(platform: Platform, chat: ChatRow, userId: number): Promise<number> {
  const { store } = platform.deps;
  const others =
    chat.type === 'private'
      ? [chat.user_a === userId ? chat.user_b : chat.user_a].filter((id): id is number => id !== null)
      : (await store.listMembers(chat.pk))
          .filter((member) => member.user_id !== userId)
          .slice(0, MEMBERS_READ)
          .map((member) => member.user_id);
  let newest = 0;
  for (const other of others) {
    const user = await store.getUser(other);
    if (!user || user.is_bot) continue;
    newest = Math.max(newest, await store.getReadCursor(other, chat.pk));
  }
  return newest;
}
