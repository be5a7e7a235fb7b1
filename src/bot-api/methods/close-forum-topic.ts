import { defineMethod } from '../define-method.js';
import { topicActing } from '../topic-params.js';

/** closeForumTopic: can_manage_topics unless the bot created it; forum_topic_closed in the topic. */
export const closeForumTopic = defineMethod('closeForumTopic', async (ctx) => {
  await ctx.platform.topics.setClosed(await topicActing(ctx), ctx.values.message_thread_id, true);
  return true;
});
