import { defineMethod } from '../define-method.js';
import { topicActing } from '../topic-params.js';

/** hideGeneralForumTopic: can_manage_topics; closes it too; general_forum_topic_hidden. */
export const hideGeneralForumTopic = defineMethod('hideGeneralForumTopic', async (ctx) => {
  await ctx.platform.topics.setGeneralHidden(await topicActing(ctx), true);
  return true;
});
