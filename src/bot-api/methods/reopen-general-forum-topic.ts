import { defineMethod } from '../define-method.js';
import { topicActing } from '../topic-params.js';

/** reopenGeneralForumTopic: can_manage_topics; unhides it too; forum_topic_reopened in General. */
export const reopenGeneralForumTopic = defineMethod('reopenGeneralForumTopic', async (ctx) => {
  await ctx.platform.topics.setGeneralClosed(await topicActing(ctx), false);
  return true;
});
