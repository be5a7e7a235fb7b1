import type { AdminRights } from '../../platform/chats/chat-rights.js';
import { ADMIN_RIGHT_KEYS } from '../../platform/chats/chat-rights.js';
import { flagsOf } from '../flags.js';
import { text, type WebContext } from '../web-context.js';

/**
 * POST /web/api/chats/promote: the person (the creator, or an administrator with
 * can_promote_members) gives `user` the administrator `rights` (ChatAdministratorRights booleans);
 * none left demotes to member. Without `rights`, a bot gets its default administrator rights. The
 * bot gets my_chat_member. Answers the chat with its members.
 */
export async function promoteMember({ platform, session, input }: WebContext) {
  const chat = text(input, 'chat', true);
  const rights = flagsOf(input, 'rights', [...ADMIN_RIGHT_KEYS, 'is_anonymous']) as AdminRights | undefined;
  await platform.groups.members.promote(
    { person: String(session.userId), chat },
    text(input, 'user', true),
    rights,
    text(input, 'custom_title'),
  );
  return platform.groups.record(chat);
}
