import type { RouteContext } from '../control-context.js';

/**
 * POST /control/chats/join: `user` joins a public chat (`chat`: @username) or opens an invite link
 * (`invite_link`); a link that creates join requests makes one. Answers `{status, chat}`.
 */
export async function joinChat({ platform, input }: RouteContext<'joinChat'>) {
  const { user, invite_link, chat } = input;
  const result = await platform.groups.inviteLinks.open(user, { invite_link, chat });
  const person = await platform.users.resolve(user, 'user');
  return {
    status: result.status,
    chat: await platform.chats.render(platform.deps.store, result.chat, person.id),
  };
}
