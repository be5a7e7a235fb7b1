import { connectionIdOf } from '../business-params.js';
import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { activePeriodOf } from '../story-params.js';

/**
 * repostStory: a story this bot posted on another business account it manages (from_chat_id, the
 * account's user id) reposted on this one; can_manage_stories on both.
 */
export const repostStory = defineMethod('repostStory', async (ctx) => {
  // The runner has refused an absent from_chat_id or from_story_id (ADR 0084).
  const {
    from_story_id: fromStory,
    post_to_chat_page: postToChatPage,
    protect_content: protectContent,
  } = ctx.values;
  const connectionId = connectionIdOf(ctx);
  // Read strictly, not as the declaration's lenient integer: "12abc" names no account.
  const fromChat = ctx.params.string('from_chat_id');
  if (fromChat === undefined || !/^-?\d+$/.test(fromChat.trim()))
    throw botApiError('BUSINESS_CHAT_ID_INVALID');
  const activePeriod = activePeriodOf(ctx);
  return ctx.platform.stories.repost(
    ctx.botId,
    connectionId,
    { chatId: Number(fromChat.trim()), storyId: fromStory },
    activePeriod,
    postToChatPage,
    protectContent,
  );
});
