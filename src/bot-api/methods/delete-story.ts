import { connectionIdOf } from '../business-params.js';
import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';

/** deleteStory: a story this bot posted on the account; its id is not given again. */
export async function deleteStory(ctx: MethodContext): Promise<true> {
  const connectionId = connectionIdOf(ctx);
  const storyId = ctx.params.int('story_id');
  if (storyId === undefined) throw botApiError('STORY_NOT_FOUND');
  await ctx.platform.stories.delete(ctx.botId, connectionId, storyId);
  return true;
}
