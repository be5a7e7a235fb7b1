import type { MethodContext } from '../method-context.js';
import { topicActing } from '../topic-params.js';

/** editGeneralForumTopic: the General topic's name; can_manage_topics; forum_topic_edited in General. */
export async function editGeneralForumTopic(ctx: MethodContext): Promise<true> {
  await ctx.platform.topics.editGeneral(await topicActing(ctx), ctx.params.string('name') ?? '');
  return true;
}
