import { ControlError, type RouteContext } from '../control-context.js';

/**
 * POST /control/chats/join: `user` joins a public chat (`chat`: @username) or opens an invite link
 * (`invite_link`); a link that creates join requests makes one. Answers `{status, chat}`.
 */
export async function joinChat({ platform, input }: RouteContext<'joinChat'>) {
  const { user, invite_link: link, chat: chatRef } = input;
  if ((link === undefined) === (chatRef === undefined)) {
    throw new ControlError(400, 'BAD_REQUEST', 'give either chat (@username) or invite_link');
  }
  const result =
    link !== undefined
      ? await platform.groups.inviteLinks.join(user, link)
      : { status: 'member' as const, chat: await platform.groups.members.joinPublic(user, chatRef!) };
  const person = await platform.users.resolve(user, 'user');
  return {
    status: result.status,
    chat: await platform.chats.render(platform.deps.store, result.chat, person.id),
  };
}
