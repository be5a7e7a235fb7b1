import { defineMethod } from '../define-method.js';
import { topicActing } from '../topic-params.js';

/** deleteForumTopic: the topic with all its messages; can_delete_messages unless the bot created it. */
export const deleteForumTopic = defineMethod('deleteForumTopic', async (ctx) => {
  await ctx.platform.topics.delete(await topicActing(ctx), ctx.values.message_thread_id);
  return true;
});
