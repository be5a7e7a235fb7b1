import { connectionIdOf } from '../business-params.js';
import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import { readStory } from '../story-params.js';

/** editStory: new content, caption and areas of a story this bot posted on the account. */
export async function editStory(ctx: MethodContext) {
  const connectionId = connectionIdOf(ctx);
  const storyId = ctx.params.int('story_id');
  if (storyId === undefined) throw botApiError('STORY_NOT_FOUND');
  const story = readStory(ctx);
  await ctx.platform.business.account(ctx.botId, connectionId, 'can_manage_stories');
  return ctx.platform.stories.edit(ctx.botId, connectionId, storyId, await story.store());
}
