import type { RouteContext } from '../control-context.js';

/**
 * POST /control/chats: a person creates a group, supergroup or channel (as its creator), with
 * members added at once (bots among them get my_chat_member). Answers the ChatRecord.
 */
export async function createChat({ platform, input }: RouteContext<'createChat'>) {
  const chat = await platform.groups.create(input.owner, {
    type: input.type,
    title: input.title,
    username: input.username,
    description: input.description,
    members: input.members,
    forum: input.forum,
  });
  return platform.groups.record(chat.id!);
}
