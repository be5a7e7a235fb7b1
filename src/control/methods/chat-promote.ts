import type { RouteContext } from '../control-context.js';

/**
 * POST /control/chats/promote: `by` (the creator, or an administrator with can_promote_members)
 * gives `user` administrator `rights` (ChatAdministratorRights booleans; none demotes). A bot not in
 * the chat joins as an administrator, as bots are added to channels. Without `rights`, a bot gets
 * its default administrator rights for the kind of chat (setMyDefaultAdministratorRights), as far
 * as `by` holds them.
 */
export async function promoteChatMember({ platform, input }: RouteContext<'promoteChatMember'>) {
  await platform.groups.members.promote(
    { person: input.by, chat: input.chat },
    input.user,
    input.rights,
    input.custom_title,
  );
  return platform.groups.record(input.chat);
}
