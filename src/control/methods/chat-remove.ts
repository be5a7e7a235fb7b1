import type { RouteContext } from '../control-context.js';

/**
 * POST /control/chats/remove: `by` (with can_restrict_members) removes and bans `user` until
 * `until_date` (0 = forever; basic groups keep no ban list). A removed bot gets my_chat_member.
 */
export async function removeChatMember({ platform, input }: RouteContext<'removeChatMember'>) {
  await platform.groups.members.ban({ person: input.by, chat: input.chat }, input.user, input.until_date);
  return true;
}
