import { defineMethod } from '../define-method.js';
import { topicActing } from '../topic-params.js';

/** editGeneralForumTopic: the General topic's name; can_manage_topics; forum_topic_edited in General. */
export const editGeneralForumTopic = defineMethod('editGeneralForumTopic', async (ctx) => {
  await ctx.platform.topics.editGeneral(await topicActing(ctx), ctx.values.name);
  return true;
});
