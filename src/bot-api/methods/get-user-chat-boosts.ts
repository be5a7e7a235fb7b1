import { botInChat, readUserId } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/**
 * getUserChatBoosts: the boosts a user added to a channel or supergroup the bot administers
 * (CHAT_ADMIN_REQUIRED otherwise). platform/boosts/boosts.ts; spec UserChatBoosts; ADR 0044.
 */
export const getUserChatBoosts = defineMethod('getUserChatBoosts', async (ctx) => {
  const userId = readUserId(ctx);
  const { bot, chatId } = await botInChat(ctx);
  return ctx.platform.boosts.userChatBoosts(bot, chatId, userId);
});
