import { positive, text, type WebContext } from '../web-context.js';

/**
 * POST /web/api/chats/ban {chat, user, until_date?}: the person (with can_restrict_members) removes
 * `user` and bans them (until `until_date`, or for good); a basic group keeps no ban list, so there
 * it only removes. Members see left_chat_member; bots get chat_member (a bot removed: my_chat_member).
 * Answers the chat with its members.
 */
export async function banMember({ platform, session, input }: WebContext) {
  const chat = text(input, 'chat', true);
  await platform.groups.members.ban(
    { person: String(session.userId), chat },
    text(input, 'user', true),
    positive(input, 'until_date'),
  );
  return platform.groups.record(chat);
}

/**
 * POST /web/api/chats/unban {chat, user}: the person lifts a ban; `user` is not in the chat
 * afterwards but may join again. Answers the chat with its members.
 */
export async function unbanMember({ platform, session, input }: WebContext) {
  const chat = text(input, 'chat', true);
  await platform.groups.members.unban(
    { person: String(session.userId), chat },
    text(input, 'user', true),
    true,
  );
  return platform.groups.record(chat);
}
