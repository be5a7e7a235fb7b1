import { defineMethod } from '../define-method.js';
import { topicActing } from '../topic-params.js';

/** reopenForumTopic: can_manage_topics unless the bot created it; forum_topic_reopened in the topic. */
export const reopenForumTopic = defineMethod('reopenForumTopic', async (ctx) => {
  // The runner has refused an absent message_thread_id (ADR 0084).
  await ctx.platform.topics.setClosed(await topicActing(ctx), ctx.values.message_thread_id, false);
  return true;
});
