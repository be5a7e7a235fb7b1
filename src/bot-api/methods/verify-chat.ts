import type { MethodContext } from '../method-context.js';

/**
 * verifyChat: a verifier bot verifies a supergroup or channel (by id or @username) or a bot (by its
 * @username or id). platform/verification/verification.ts; ADR 0044.
 */
export async function verifyChat(ctx: MethodContext): Promise<true> {
  const chat = ctx.params.chatId();
  const bot = await ctx.platform.users.resolve(ctx.botId, 'bot');
  await ctx.platform.verification.verify(bot, { chat }, ctx.params.string('custom_description'));
  return true;
}
