import { connectionIdOf } from '../business-params.js';
import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import { activePeriodOf } from '../story-params.js';

/**
 * repostStory: a story this bot posted on another business account it manages (from_chat_id, the
 * account's user id) reposted on this one; can_manage_stories on both.
 */
export async function repostStory(ctx: MethodContext) {
  const { params } = ctx;
  const connectionId = connectionIdOf(ctx);
  const fromChat = params.string('from_chat_id');
  if (fromChat === undefined || !/^-?\d+$/.test(fromChat.trim()))
    throw botApiError('BUSINESS_CHAT_ID_INVALID');
  const fromStory = params.int('from_story_id');
  if (fromStory === undefined) throw botApiError('STORY_NOT_FOUND');
  const activePeriod = activePeriodOf(ctx);
  return ctx.platform.stories.repost(
    ctx.botId,
    connectionId,
    { chatId: Number(fromChat.trim()), storyId: fromStory },
    activePeriod,
    params.bool('post_to_chat_page'),
    params.bool('protect_content'),
  );
}
