import type { RouteContext } from '../control-context.js';

/**
 * POST /control/chats/members: `by` adds `user` (a person or a bot) to the chat. Bots get
 * my_chat_member, administrator bots chat_member, and groups show new_chat_members. Answers the
 * ChatRecord.
 */
export async function addChatMember({ platform, input }: RouteContext<'addChatMember'>) {
  await platform.groups.members.add({ person: input.by, chat: input.chat }, input.user);
  return platform.groups.record(input.chat);
}
