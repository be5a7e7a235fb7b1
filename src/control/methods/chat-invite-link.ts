import type { RouteContext } from '../control-context.js';

/**
 * POST /control/chats/invite-links: `by` (with can_invite_users) creates an invite link; with
 * creates_join_request, people who open it ask to join. Answers the ChatInviteLink.
 */
export async function createInviteLink({ platform, input }: RouteContext<'createInviteLink'>) {
  return platform.groups.inviteLinks.create(
    { person: input.by, chat: input.chat },
    {
      name: input.name,
      expire_date: input.expire_date,
      member_limit: input.member_limit,
      creates_join_request: input.creates_join_request,
    },
  );
}
