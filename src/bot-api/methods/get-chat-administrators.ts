import { botInChat } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/**
 * getChatAdministrators: the creator and administrators; other bots only with return_bots.
 * A private chat answers "there are no administrators in the private chat" (reference §2.3).
 */
export const getChatAdministrators = defineMethod('getChatAdministrators', async (ctx) => {
  const { return_bots: returnBots } = ctx.values;
  const { bot, chatId } = await botInChat(ctx);
  return ctx.platform.groups.members.administrators(bot, chatId, returnBots);
});
