import type { RouteContext } from '../control-context.js';
import { normalizePermissions } from '../../platform/chats/chat-rights.js';

/**
 * POST /control/chats/restrict: `by` (with can_restrict_members) restricts `user` in a supergroup to
 * `permissions` (ChatPermissions; what is left out is false) until `until_date` (0 = forever).
 */
export async function restrictChatMember({ platform, input }: RouteContext<'restrictChatMember'>) {
  const permissions = normalizePermissions(input.permissions ?? {}, input.use_independent_chat_permissions);
  await platform.groups.members.restrict(
    { person: input.by, chat: input.chat },
    input.user,
    permissions,
    input.until_date,
  );
  return platform.groups.record(input.chat);
}
