import type { MethodContext } from '../method-context.js';
import { threadId, topicActing } from '../topic-params.js';

/** unpinAllForumTopicMessages: can_pin_messages; unpins the messages of that topic only. */
export async function unpinAllForumTopicMessages(ctx: MethodContext): Promise<true> {
  await ctx.platform.topics.unpinAll(await topicActing(ctx), threadId(ctx));
  return true;
}
