import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';

/**
 * verifyUser: a verifier bot (made one through the control API) verifies a user; other bots get
 * BOT_VERIFIER_FORBIDDEN. custom_description: 0-70 characters, only for verifiers allowed one.
 * platform/verification/verification.ts; ADR 0044.
 */
export const verifyUser = defineMethod('verifyUser', async (ctx) => {
  const { user_id: userId, custom_description: description } = ctx.values;
  if (userId <= 0) throw botApiError('USER_ID_INVALID');
  const bot = await ctx.platform.users.resolve(ctx.botId, 'bot');
  await ctx.platform.verification.verify(bot, { user: userId }, description);
  return true;
});
