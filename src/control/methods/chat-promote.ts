import { optionalString, requireString, type ControlContext } from '../control-context.js';
import { actingPerson, booleanObject } from './chat-inputs.js';
import { ADMIN_RIGHT_KEYS } from '../../platform/chat-rights.js';

const KEYS = [...ADMIN_RIGHT_KEYS, 'is_anonymous'] as const;

/**
 * POST /control/chats/promote: `by` (the creator, or an administrator with can_promote_members)
 * gives `user` administrator `rights` (ChatAdministratorRights booleans; none demotes). A bot not in
 * the chat joins as an administrator, as bots are added to channels.
 */
export async function promoteChatMember({ platform, input }: ControlContext) {
  await platform.groups.members.promote(
    actingPerson(input),
    requireString(input, 'user'),
    booleanObject(input, 'rights', KEYS) ?? {},
    optionalString(input, 'custom_title'),
  );
  return platform.groups.record(requireString(input, 'chat'));
}
