import { defineMethod } from '../define-method.js';

/**
 * verifyChat: a verifier bot verifies a supergroup or channel (by id or @username) or a bot (by its
 * @username or id). platform/verification/verification.ts; ADR 0044.
 */
export const verifyChat = defineMethod('verifyChat', async (ctx) => {
  const { chat_id: chat, custom_description: description } = ctx.values;
  const bot = await ctx.platform.users.resolve(ctx.botId, 'bot');
  await ctx.platform.verification.verify(bot, { chat }, description);
  return true;
});
