import { optionalBoolean, optionalInteger, optionalString, type ControlContext } from '../control-context.js';
import { actingPerson } from './chat-inputs.js';

/**
 * POST /control/chats/invite-links: `by` (with can_invite_users) creates an invite link; with
 * creates_join_request, people who open it ask to join. Answers the ChatInviteLink.
 */
export async function createInviteLink({ platform, input }: ControlContext) {
  return platform.groups.inviteLinks.create(actingPerson(input), {
    name: optionalString(input, 'name'),
    expire_date: optionalInteger(input, 'expire_date', 0, 2 ** 31 - 1),
    member_limit: optionalInteger(input, 'member_limit', 1, 99_999),
    creates_join_request: optionalBoolean(input, 'creates_join_request'),
  });
}
