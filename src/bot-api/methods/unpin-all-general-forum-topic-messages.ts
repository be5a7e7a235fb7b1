import type { MethodContext } from '../method-context.js';
import { topicActing } from '../topic-params.js';

/** unpinAllGeneralForumTopicMessages: can_pin_messages; unpins the messages outside every topic. */
export async function unpinAllGeneralForumTopicMessages(ctx: MethodContext): Promise<true> {
  await ctx.platform.topics.unpinAllGeneral(await topicActing(ctx));
  return true;
}
