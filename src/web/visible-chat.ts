/**
 * The chat a read of the person API names (`?chat=`), as the signed-in person may see it. A chat id
 * the person cannot see is refused exactly as one that does not exist, 404 `CHAT_NOT_FOUND` "chat
 * not found" (docs/web-client.md): the answer does not tell a foreign group from no group, nor a
 * person one never wrote to from no person. An `@username` names the private chat that a message
 * would open: undefined while it has none (nothing to show yet), and refused when no one has the
 * name.
 */
import type { Platform } from '../platform/assembly/platform.js';
import type { ChatRow } from '../storage/store.js';
import { WebError } from './web-context.js';

/** A chat id, as `chatForUser` reads one (anything else is a username). */
const CHAT_ID = /^\s*-?\d+\s*$/;

export async function visibleChat(
  platform: Platform,
  userId: number,
  chatRef: string,
): Promise<ChatRow | undefined> {
  const person = await platform.users.resolve(String(userId), 'user');
  const chat = await platform.messages.chatForUser(platform.deps.store, person, chatRef, false);
  if (chat === undefined && CHAT_ID.test(chatRef)) {
    throw new WebError(404, 'CHAT_NOT_FOUND', 'chat not found');
  }
  return chat;
}
