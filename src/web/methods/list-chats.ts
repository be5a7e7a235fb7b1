import type { WebContext } from '../web-context.js';

/** GET /web/api/chats: the person's chats, newest activity first, with unread counts. */
export async function listChats({ chatList, session }: WebContext) {
  return chatList.forUser(session.userId);
}
