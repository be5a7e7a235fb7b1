import type { MethodContext } from '../method-context.js';

/**
 * removeChatVerification: a verifier bot removes the verification it gave a chat or bot.
 * platform/verification/verification.ts; ADR 0044.
 */
export async function removeChatVerification(ctx: MethodContext): Promise<true> {
  const chat = ctx.params.chatId();
  const bot = await ctx.platform.users.resolve(ctx.botId, 'bot');
  await ctx.platform.verification.remove(bot, { chat });
  return true;
}
