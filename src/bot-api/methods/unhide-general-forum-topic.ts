import type { MethodContext } from '../method-context.js';
import { topicActing } from '../topic-params.js';

/** unhideGeneralForumTopic: can_manage_topics; general_forum_topic_unhidden. */
export async function unhideGeneralForumTopic(ctx: MethodContext): Promise<true> {
  await ctx.platform.topics.setGeneralHidden(await topicActing(ctx), false);
  return true;
}
