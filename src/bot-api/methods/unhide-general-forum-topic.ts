import { defineMethod } from '../define-method.js';
import { topicActing } from '../topic-params.js';

/** unhideGeneralForumTopic: can_manage_topics; general_forum_topic_unhidden. */
export const unhideGeneralForumTopic = defineMethod('unhideGeneralForumTopic', async (ctx) => {
  await ctx.platform.topics.setGeneralHidden(await topicActing(ctx), false);
  return true;
});
