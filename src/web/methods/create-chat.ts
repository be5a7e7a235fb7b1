import { WebError, text, type WebContext } from '../web-context.js';

/**
 * POST /web/api/chats: the person creates a group, supergroup or channel as its creator, with
 * `members` (ids or @usernames) added at once; bots among them get my_chat_member. Answers the chat
 * with its members, as the control API's POST /control/chats does.
 */
export async function createChat({ platform, session, input }: WebContext) {
  const members = input.members;
  if (
    members !== undefined &&
    members !== null &&
    (!Array.isArray(members) || !members.every((m) => typeof m === 'string' || typeof m === 'number'))
  ) {
    throw new WebError(400, 'BAD_REQUEST', 'members must be an array of user ids or @usernames');
  }
  const created = await platform.groups.create(String(session.userId), {
    type: text(input, 'type') ?? 'group',
    title: typeof input.title === 'string' ? input.title : '',
    members: (members as Array<string | number> | undefined | null) ?? undefined,
  });
  return platform.groups.record(created);
}
