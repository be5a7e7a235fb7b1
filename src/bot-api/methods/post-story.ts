import { connectionIdOf } from '../business-params.js';
import { defineMethod } from '../define-method.js';
import { activePeriodOf, readStory } from '../story-params.js';

/**
 * postStory: can_manage_stories; a photo or video uploaded anew, caption, areas, active for
 * active_period on the platform's clock (kept after it with post_to_chat_page). ADR 0049.
 */
export const postStory = defineMethod('postStory', async (ctx) => {
  const { protect_content: protectContent, post_to_chat_page: postToChatPage } = ctx.values;
  const connectionId = connectionIdOf(ctx);
  const story = readStory(ctx);
  const activePeriod = activePeriodOf(ctx);
  // The connection's checks come before the file is stored (nothing is kept for a refused call).
  await ctx.platform.business.account(ctx.botId, connectionId, 'can_manage_stories');
  const body = await story.store();
  if (protectContent) body.protect_content = true;
  return ctx.platform.stories.post(ctx.botId, connectionId, {
    body,
    activePeriod,
    postToChatPage,
  });
});
