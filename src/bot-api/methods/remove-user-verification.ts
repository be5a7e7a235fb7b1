import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';

/**
 * removeUserVerification: a verifier bot removes the verification it gave a user (one it did not
 * give stays). platform/verification/verification.ts; ADR 0044.
 */
export const removeUserVerification = defineMethod('removeUserVerification', async (ctx) => {
  const { user_id: userId } = ctx.values;
  if (userId <= 0) throw botApiError('USER_ID_INVALID');
  const bot = await ctx.platform.users.resolve(ctx.botId, 'bot');
  await ctx.platform.verification.remove(bot, { user: userId });
  return true;
});
