import type { RouteContext } from '../control-context.js';

/**
 * POST /control/chats: a person creates a group, supergroup or channel (as its creator), with
 * members added at once (bots among them get my_chat_member). Answers the ChatRecord.
 */
export async function createChat({ platform, input }: RouteContext<'createChat'>) {
  const created = await platform.groups.create(input.owner, {
    type: input.type,
    title: input.title,
    username: input.username,
    description: input.description,
    members: input.members,
    forum: input.forum,
  });
  // The chat and its members as its creation wrote them: no read after the write.
  return platform.groups.record(created);
}
