import type { RouteContext } from '../control-context.js';

/** POST /control/chats/leave: `user` leaves a group, supergroup or channel. */
export async function leaveChat({ platform, input }: RouteContext<'leaveChat'>) {
  await platform.groups.members.leave({ person: input.user, chat: input.chat });
  return true;
}
