import { requireString, type ControlContext } from '../control-context.js';

/** POST /control/chats/leave: `user` leaves a group, supergroup or channel. */
export async function leaveChat({ platform, input }: ControlContext) {
  await platform.groups.members.leave({
    person: requireString(input, 'user'),
    chat: requireString(input, 'chat'),
  });
  return true;
}
