import { defineMethod } from '../define-method.js';
import { threadId, topicActing } from '../topic-params.js';

/** unpinAllForumTopicMessages: can_pin_messages; unpins the messages of that topic only. */
export const unpinAllForumTopicMessages = defineMethod('unpinAllForumTopicMessages', async (ctx) => {
  await ctx.platform.topics.unpinAll(await topicActing(ctx), threadId(ctx));
  return true;
});
