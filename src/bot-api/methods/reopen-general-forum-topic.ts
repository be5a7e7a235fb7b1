import type { MethodContext } from '../method-context.js';
import { topicActing } from '../topic-params.js';

/** reopenGeneralForumTopic: can_manage_topics; unhides it too; forum_topic_reopened in General. */
export async function reopenGeneralForumTopic(ctx: MethodContext): Promise<true> {
  await ctx.platform.topics.setGeneralClosed(await topicActing(ctx), false);
  return true;
}
