import { connectionIdOf } from '../business-params.js';
import { defineMethod } from '../define-method.js';
import { readStory } from '../story-params.js';

/**
 * editStory: new content, caption and areas of a story this bot posted on the account. The runner
 * has refused a missing story_id ("story not found", ADR 0084).
 */
export const editStory = defineMethod('editStory', async (ctx) => {
  const connectionId = connectionIdOf(ctx);
  const storyId = ctx.values.story_id;
  const story = readStory(ctx);
  await ctx.platform.business.account(ctx.botId, connectionId, 'can_manage_stories');
  return ctx.platform.stories.edit(ctx.botId, connectionId, storyId, await story.store());
});
