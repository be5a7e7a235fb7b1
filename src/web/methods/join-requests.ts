import { text, type WebContext } from '../web-context.js';

/**
 * POST /web/api/join {link}: the person opens an invite link (`https://t.me/+...`, the
 * `--public-url` form, the older `https://parley.invalid/+...`, or its `+hash`) or joins a public
 * chat by its `@username` or `https://t.me/NAME`. A link with creates_join_request makes a join
 * request instead (`status: requested`; the chat's administrator bots get chat_join_request).
 * Answers `{status, chat}`.
 */
export async function joinByLink({ platform, session, input }: WebContext) {
  const link = text(input, 'link', true);
  const user = String(session.userId);
  const result = await platform.groups.inviteLinks.open(
    user,
    link.startsWith('@') ? { chat: link } : { invite_link: link },
  );
  return {
    status: result.status,
    chat: await platform.chats.render(platform.deps.store, result.chat, session.userId),
  };
}

/** GET /web/api/chats/join-requests?chat=: pending join requests (for can_invite_users), oldest first. */
export async function listJoinRequests({ platform, session, input }: WebContext) {
  return platform.groups.joinRequests.list({
    person: String(session.userId),
    chat: text(input, 'chat', true),
  });
}

/** POST /web/api/chats/join-requests/approve {chat, user}: the requester becomes a member. */
export async function approveJoinRequest({ platform, session, input }: WebContext) {
  const chat = text(input, 'chat', true);
  await platform.groups.joinRequests.approve(
    { person: String(session.userId), chat },
    text(input, 'user', true),
  );
  return true;
}

/** POST /web/api/chats/join-requests/decline {chat, user}: the request is dropped. */
export async function declineJoinRequest({ platform, session, input }: WebContext) {
  const chat = text(input, 'chat', true);
  await platform.groups.joinRequests.decline(
    { person: String(session.userId), chat },
    text(input, 'user', true),
  );
  return true;
}
