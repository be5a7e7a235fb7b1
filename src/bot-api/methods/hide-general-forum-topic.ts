import type { MethodContext } from '../method-context.js';
import { topicActing } from '../topic-params.js';

/** hideGeneralForumTopic: can_manage_topics; closes it too; general_forum_topic_hidden. */
export async function hideGeneralForumTopic(ctx: MethodContext): Promise<true> {
  await ctx.platform.topics.setGeneralHidden(await topicActing(ctx), true);
  return true;
}
