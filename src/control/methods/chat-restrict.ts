import { optionalBoolean, optionalInteger, requireString, type ControlContext } from '../control-context.js';
import { actingPerson, booleanObject } from './chat-inputs.js';
import { PERMISSION_KEYS, normalizePermissions } from '../../platform/chat-rights.js';

/**
 * POST /control/chats/restrict: `by` (with can_restrict_members) restricts `user` in a supergroup to
 * `permissions` (ChatPermissions; what is left out is false) until `until_date` (0 = forever).
 */
export async function restrictChatMember({ platform, input }: ControlContext) {
  const permissions = normalizePermissions(
    booleanObject(input, 'permissions', PERMISSION_KEYS) ?? {},
    optionalBoolean(input, 'use_independent_chat_permissions') ?? false,
  );
  await platform.groups.members.restrict(
    actingPerson(input),
    requireString(input, 'user'),
    permissions,
    optionalInteger(input, 'until_date', 0, 2 ** 31 - 1),
  );
  return platform.groups.record(requireString(input, 'chat'));
}
