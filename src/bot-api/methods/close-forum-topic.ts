import type { MethodContext } from '../method-context.js';
import { threadId, topicActing } from '../topic-params.js';

/** closeForumTopic: can_manage_topics unless the bot created it; forum_topic_closed in the topic. */
export async function closeForumTopic(ctx: MethodContext): Promise<true> {
  await ctx.platform.topics.setClosed(await topicActing(ctx), threadId(ctx), true);
  return true;
}
