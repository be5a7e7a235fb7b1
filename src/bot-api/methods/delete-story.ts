import { connectionIdOf } from '../business-params.js';
import { defineMethod } from '../define-method.js';

/**
 * deleteStory: a story this bot posted on the account; its id is not given again. The runner has
 * refused a missing story_id ("story not found", ADR 0084).
 */
export const deleteStory = defineMethod('deleteStory', async (ctx) => {
  const connectionId = connectionIdOf(ctx);
  await ctx.platform.stories.delete(ctx.botId, connectionId, ctx.values.story_id);
  return true;
});
