import { PERMISSION_KEYS, normalizePermissions } from '../../platform/chats/chat-rights.js';
import { flagsOf } from '../flags.js';
import { WebError, text, type WebContext } from '../web-context.js';

/**
 * POST /web/api/chats/restrict: the person (with can_restrict_members) restricts `user` in a
 * supergroup to `permissions` (ChatPermissions; what is left out is false) until `until_date`
 * (Unix seconds; absent or 0 = forever). Answers the chat with its members.
 */
export async function restrictMember({ platform, session, input }: WebContext) {
  const chat = text(input, 'chat', true);
  const given = flagsOf(input, 'permissions', PERMISSION_KEYS) ?? {};
  const independent = input.use_independent_chat_permissions;
  if (independent !== undefined && typeof independent !== 'boolean') {
    throw new WebError(400, 'BAD_REQUEST', 'use_independent_chat_permissions must be a boolean');
  }
  const until = input.until_date;
  if (until !== undefined && (!Number.isSafeInteger(until) || (until as number) < 0)) {
    throw new WebError(400, 'BAD_REQUEST', 'until_date must be a Unix time in seconds');
  }
  await platform.groups.members.restrict(
    { person: String(session.userId), chat },
    text(input, 'user', true),
    normalizePermissions(given, independent === true),
    until as number | undefined,
  );
  return platform.groups.record(chat);
}
