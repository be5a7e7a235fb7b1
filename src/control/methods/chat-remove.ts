import { optionalInteger, requireString, type ControlContext } from '../control-context.js';
import { actingPerson } from './chat-inputs.js';

/**
 * POST /control/chats/remove: `by` (with can_restrict_members) removes and bans `user` until
 * `until_date` (0 = forever; basic groups keep no ban list). A removed bot gets my_chat_member.
 */
export async function removeChatMember({ platform, input }: ControlContext) {
  await platform.groups.members.ban(
    actingPerson(input),
    requireString(input, 'user'),
    optionalInteger(input, 'until_date', 0, 2 ** 31 - 1),
  );
  return true;
}
