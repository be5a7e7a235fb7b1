import { chatForPerson } from '../../platform/chats/group-context.js';
import { hasRight, isAdmin } from '../../platform/chats/chat-rights.js';
import { wireCommunity } from '../../platform/communities/communities.js';
import { text, type WebContext } from '../web-context.js';

interface Member {
  user: { id: number };
  status: string;
  is_member?: boolean;
}

/**
 * GET /web/api/chats/members?chat=ID: a group, supergroup or channel the person is in, with the
 * members in it now (ChatMember: status, rights of administrators, permissions of restricted
 * members; not the banned, nor restricted people who left) and the person's own membership (`me`).
 * In a channel only administrators see the subscribers; others see the administrators. Who may ban
 * (can_restrict_members) also gets the banned (`banned`), to unban them; a chat in a community
 * has `community` ({id, name}).
 */
export async function listMembers({ platform, session, input }: WebContext) {
  const { store } = platform.deps;
  const person = await platform.users.resolve(String(session.userId), 'user');
  const { chat, state } = await chatForPerson(platform, store, person, text(input, 'chat', true), true);
  const record = await platform.groups.record(chat.id!);
  const present = (record.members as Member[]).filter(
    (member) => member.status !== 'kicked' && !(member.status === 'restricted' && member.is_member === false),
  );
  const me = present.find((member) => member.user.id === person.id);
  const shown =
    chat.type === 'channel' && !isAdmin(state)
      ? present.filter((member) => member.status === 'creator' || member.status === 'administrator')
      : present;
  const banned = hasRight(state, 'can_restrict_members')
    ? (record.members as Member[]).filter((member) => member.status === 'kicked')
    : undefined;
  // The community the chat is in (ADR 0077), as getChat shows it.
  const community = await store.getCommunityOfChat(chat.pk);
  return {
    ...record,
    members: shown,
    me,
    ...(banned ? { banned } : {}),
    ...(community ? { community: wireCommunity(community) } : {}),
  };
}
