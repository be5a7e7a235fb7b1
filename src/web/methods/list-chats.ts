import { SERVICE_USER_ID } from '../../platform/gateway/delivery.js';
import type { WebContext } from '../web-context.js';

/**
 * GET /web/api/chats: the person's chats, newest activity first, with unread counts. The service
 * chat ("Verification Codes", where codes arrive and nobody writes) carries `is_service: true`: the
 * page lists it apart and gives it no composer (ADR 0098).
 */
export async function listChats({ chatList, session }: WebContext) {
  const entries = await chatList.forUser(session.userId);
  return entries.map((entry) => (entry.chat.id === SERVICE_USER_ID ? { ...entry, is_service: true } : entry));
}
