import { defineMethod } from '../define-method.js';
import { topicActing } from '../topic-params.js';

/**
 * createForumTopic: a topic in a forum supergroup (can_manage_topics); members see
 * forum_topic_created, the topic's first message. Answers ForumTopic. ADR 0045. The runner has
 * refused a missing or too long name and an undocumented icon colour (ADR 0084).
 */
export const createForumTopic = defineMethod('createForumTopic', async (ctx) => {
  const { name, icon_color: iconColor, icon_custom_emoji_id: iconCustomEmojiId } = ctx.values;
  return ctx.platform.topics.create(await topicActing(ctx), { name, iconColor, iconCustomEmojiId });
});
