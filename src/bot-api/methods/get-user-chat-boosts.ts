import { botInChat, readUserId } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/**
 * getUserChatBoosts: the boosts a user added to a channel or supergroup the bot administers
 * (CHAT_ADMIN_REQUIRED otherwise). platform/boosts/boosts.ts; spec UserChatBoosts; ADR 0044.
 */
export async function getUserChatBoosts(ctx: MethodContext) {
  const userId = readUserId(ctx);
  const { bot, chatId } = await botInChat(ctx);
  return ctx.platform.boosts.userChatBoosts(bot, chatId, userId);
}
