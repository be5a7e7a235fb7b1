import { defineMethod } from '../define-method.js';
import { topicActing } from '../topic-params.js';

/**
 * editForumTopic: a new name and/or icon; can_manage_topics unless the bot created the topic;
 * members see forum_topic_edited; the same name and icon: TOPIC_NOT_MODIFIED. The runner has refused
 * a missing thread id and a name over 128 characters (ADR 0084).
 */
export const editForumTopic = defineMethod('editForumTopic', async (ctx) => {
  const { message_thread_id: threadId, name, icon_custom_emoji_id: iconCustomEmojiId } = ctx.values;
  await ctx.platform.topics.edit(await topicActing(ctx), threadId, { name, iconCustomEmojiId });
  return true;
});
