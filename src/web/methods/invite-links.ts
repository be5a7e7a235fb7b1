import { WebError, positive, text, type WebContext } from '../web-context.js';

/**
 * GET /web/api/chats/invite-links?chat=: the unrevoked links of the chat, newest first: the person's
 * own, and for the owner every administrator's (each with its creator).
 */
export async function listInviteLinks({ platform, session, input }: WebContext) {
  return platform.groups.inviteLinks.list({
    person: String(session.userId),
    chat: text(input, 'chat', true),
  });
}

/**
 * POST /web/api/chats/invite-links {chat, name?, creates_join_request?, expire_date?, member_limit?}:
 * the person (with can_invite_users) creates an invite link; with creates_join_request, people who
 * open it ask to join. Answers the ChatInviteLink.
 */
export async function createInviteLink({ platform, session, input }: WebContext) {
  const requests = input.creates_join_request ?? false;
  if (typeof requests !== 'boolean')
    throw new WebError(400, 'BAD_REQUEST', 'creates_join_request must be a boolean');
  return platform.groups.inviteLinks.create(
    { person: String(session.userId), chat: text(input, 'chat', true) },
    {
      name: text(input, 'name'),
      expire_date: positive(input, 'expire_date'),
      member_limit: positive(input, 'member_limit'),
      creates_join_request: requests,
    },
  );
}

/** POST /web/api/chats/invite-links/revoke {chat, link}: the person revokes one of their links (the owner: any). */
export async function revokeInviteLink({ platform, session, input }: WebContext) {
  return platform.groups.inviteLinks.revoke(
    { person: String(session.userId), chat: text(input, 'chat', true) },
    text(input, 'link', true),
  );
}
