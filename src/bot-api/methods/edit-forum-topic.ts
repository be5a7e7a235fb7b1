import type { MethodContext } from '../method-context.js';
import { threadId, topicActing } from '../topic-params.js';

/**
 * editForumTopic: a new name and/or icon ("" removes the icon); can_manage_topics unless the bot
 * created the topic; members see forum_topic_edited; the same name and icon: TOPIC_NOT_MODIFIED.
 */
export async function editForumTopic(ctx: MethodContext): Promise<true> {
  const { params } = ctx;
  await ctx.platform.topics.edit(await topicActing(ctx), threadId(ctx), {
    name: params.string('name'),
    iconCustomEmojiId: params.string('icon_custom_emoji_id'),
  });
  return true;
}
