import { requireString, type ControlContext } from '../control-context.js';
import { actingPerson } from './chat-inputs.js';

/**
 * POST /control/chats/members: `by` adds `user` (a person or a bot) to the chat. Bots get
 * my_chat_member, administrator bots chat_member, and groups show new_chat_members. Answers the
 * ChatRecord.
 */
export async function addChatMember({ platform, input }: ControlContext) {
  await platform.groups.members.add(actingPerson(input), requireString(input, 'user'));
  return platform.groups.record(requireString(input, 'chat'));
}
