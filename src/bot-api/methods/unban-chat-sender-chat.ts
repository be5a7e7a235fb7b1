import { readSenderChatId } from './ban-chat-sender-chat.js';
import { botInChat } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/**
 * unbanChatSenderChat: lifts a ban of banChatSenderChat; the bot needs can_restrict_members in the
 * supergroup or channel. A channel that is not banned is left alone (spec unbanChatSenderChat; ADR 0052).
 */
export const unbanChatSenderChat = defineMethod('unbanChatSenderChat', async (ctx) => {
  // Read before chat_id, with banChatSenderChat's texts (declared/refusals.ts).
  const senderChatId = readSenderChatId(ctx);
  const acting = await botInChat(ctx);
  await ctx.platform.senderChats.unban(acting, senderChatId);
  return true;
});
