import { text, type WebContext } from '../web-context.js';

/**
 * POST /web/api/chats/members: the person adds `user` (an id or @username, a person or a bot) to a
 * chat they are in. Bots get my_chat_member; groups show new_chat_members. Answers the chat with its
 * members.
 */
export async function addMember({ platform, session, input }: WebContext) {
  const chat = text(input, 'chat', true);
  await platform.groups.members.add({ person: String(session.userId), chat }, text(input, 'user', true));
  return platform.groups.record(chat);
}
