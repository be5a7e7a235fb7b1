import { defineMethod } from '../define-method.js';

/**
 * removeChatVerification: a verifier bot removes the verification it gave a chat or bot.
 * platform/verification/verification.ts; ADR 0044.
 */
export const removeChatVerification = defineMethod('removeChatVerification', async (ctx) => {
  const bot = await ctx.platform.users.resolve(ctx.botId, 'bot');
  await ctx.platform.verification.remove(bot, { chat: ctx.values.chat_id });
  return true;
});
