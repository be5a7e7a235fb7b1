import { defineMethod } from '../define-method.js';
import { topicActing } from '../topic-params.js';

/** unpinAllGeneralForumTopicMessages: can_pin_messages; unpins the messages outside every topic. */
export const unpinAllGeneralForumTopicMessages = defineMethod(
  'unpinAllGeneralForumTopicMessages',
  async (ctx) => {
    await ctx.platform.topics.unpinAllGeneral(await topicActing(ctx));
    return true;
  },
);
