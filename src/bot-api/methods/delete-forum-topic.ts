import type { MethodContext } from '../method-context.js';
import { threadId, topicActing } from '../topic-params.js';

/** deleteForumTopic: the topic with all its messages; can_delete_messages unless the bot created it. */
export async function deleteForumTopic(ctx: MethodContext): Promise<true> {
  await ctx.platform.topics.delete(await topicActing(ctx), threadId(ctx));
  return true;
}
