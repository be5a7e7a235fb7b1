import { defineMethod } from '../define-method.js';
import { pinTarget } from '../pin-target.js';

/**
 * unpinChatMessage: the given message, or the newest pinned one without message_id.
 * reference/bot-api-10.1.json unpinChatMessage.
 */
export const unpinChatMessage = defineMethod('unpinChatMessage', async (ctx) => {
  const { bot, chatId } = await pinTarget(ctx);
  const { message_id: messageId } = ctx.values;
  await ctx.platform.pins.unpinByBot(
    bot,
    chatId,
    messageId !== undefined && messageId > 0 ? messageId : undefined,
  );
  return true;
});
