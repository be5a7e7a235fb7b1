import type { MethodContext } from '../method-context.js';
import { threadId, topicActing } from '../topic-params.js';

/** reopenForumTopic: can_manage_topics unless the bot created it; forum_topic_reopened in the topic. */
export async function reopenForumTopic(ctx: MethodContext): Promise<true> {
  await ctx.platform.topics.setClosed(await topicActing(ctx), threadId(ctx), false);
  return true;
}
