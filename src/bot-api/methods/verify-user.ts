import { readUserId } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/**
 * verifyUser: a verifier bot (made one through the control API) verifies a user; other bots get
 * BOT_VERIFIER_FORBIDDEN. custom_description: 0-70 characters, only for verifiers allowed one.
 * platform/verification/verification.ts; ADR 0044.
 */
export async function verifyUser(ctx: MethodContext): Promise<true> {
  const userId = readUserId(ctx);
  const bot = await ctx.platform.users.resolve(ctx.botId, 'bot');
  await ctx.platform.verification.verify(bot, { user: userId }, ctx.params.string('custom_description'));
  return true;
}
