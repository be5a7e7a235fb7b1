import { readUserId } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/**
 * removeUserVerification: a verifier bot removes the verification it gave a user (one it did not
 * give stays). platform/verification/verification.ts; ADR 0044.
 */
export async function removeUserVerification(ctx: MethodContext): Promise<true> {
  const userId = readUserId(ctx);
  const bot = await ctx.platform.users.resolve(ctx.botId, 'bot');
  await ctx.platform.verification.remove(bot, { user: userId });
  return true;
}
