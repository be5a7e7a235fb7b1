import { positive, text, type WebContext } from '../web-context.js';

/**
 * GET /web/api/messages?chat=ID: the newest messages of a chat as the person sees them, oldest
 * first; the chat counts as read up to the newest.
 */
export async function listMessages({ platform, chatList, session, input }: WebContext) {
  const chatRef = text(input, 'chat', true);
  const limit = Math.min(positive(input, 'limit') ?? 100, 100);
  const user = String(session.userId);
  const messages = await platform.messages.listForUser(user, chatRef, limit);
  const newest = messages.at(-1);
  if (newest) {
    const person = await platform.users.resolve(user, 'user');
    const chat = await platform.messages.chatForUser(platform.deps.store, person, chatRef, false);
    if (chat) await chatList.markRead(session.userId, chat, newest.message_id);
  }
  return messages;
}
