import type { MethodContext } from '../method-context.js';
import { pinTarget } from '../pin-target.js';

/**
 * unpinChatMessage: the given message, or the newest pinned one without message_id.
 * reference/bot-api-10.1.json unpinChatMessage.
 */
export async function unpinChatMessage(ctx: MethodContext): Promise<true> {
  const { bot, chatId } = await pinTarget(ctx);
  const messageId = ctx.params.int('message_id');
  await ctx.platform.pins.unpinByBot(
    bot,
    chatId,
    messageId !== undefined && messageId > 0 ? messageId : undefined,
  );
  return true;
}
