import { defineMethod } from '../define-method.js';
import { pinTarget } from '../pin-target.js';

/** unpinAllChatMessages: clears the chat's list of pinned messages. reference/bot-api-10.1.json. */
export const unpinAllChatMessages = defineMethod('unpinAllChatMessages', async (ctx) => {
  const { bot, chatId } = await pinTarget(ctx);
  await ctx.platform.pins.unpinAllByBot(bot, chatId);
  return true;
});
