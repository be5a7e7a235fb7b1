import { text, type WebContext } from '../web-context.js';

/** POST /web/api/chats/leave: the person leaves a group, supergroup or channel (its creator cannot). */
export async function leaveChat({ platform, session, input }: WebContext) {
  await platform.groups.members.leave({ person: String(session.userId), chat: text(input, 'chat', true) });
  return true;
}
