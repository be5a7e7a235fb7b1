import type { MethodContext } from '../method-context.js';
import { topicActing } from '../topic-params.js';

/** closeGeneralForumTopic: can_manage_topics; forum_topic_closed in General. */
export async function closeGeneralForumTopic(ctx: MethodContext): Promise<true> {
  await ctx.platform.topics.setGeneralClosed(await topicActing(ctx), true);
  return true;
}
