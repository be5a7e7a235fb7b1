import type { MethodContext } from '../method-context.js';
import { topicActing } from '../topic-params.js';

/**
 * createForumTopic: a topic in a forum supergroup (can_manage_topics); members see
 * forum_topic_created, the topic's first message. Answers ForumTopic. ADR 0045.
 */
export async function createForumTopic(ctx: MethodContext) {
  const { params } = ctx;
  return ctx.platform.topics.create(await topicActing(ctx), {
    name: params.string('name') ?? '',
    iconColor: params.int('icon_color'),
    iconCustomEmojiId: params.string('icon_custom_emoji_id') || undefined,
  });
}
