import { defineMethod } from '../define-method.js';
import { topicActing } from '../topic-params.js';

/** closeGeneralForumTopic: can_manage_topics; forum_topic_closed in General. */
export const closeGeneralForumTopic = defineMethod('closeGeneralForumTopic', async (ctx) => {
  await ctx.platform.topics.setGeneralClosed(await topicActing(ctx), true);
  return true;
});
