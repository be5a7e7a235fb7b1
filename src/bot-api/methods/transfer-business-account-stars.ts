import { connectionIdOf } from '../business-params.js';
import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';

const MAX_STARS = 10_000;

/**
 * transferBusinessAccountStars: can_transfer_stars; 1-10000 Stars move from the account to the bot
 * on the Stars ledger (a short balance: BALANCE_TOO_LOW). ADR 0049.
 */
export const transferBusinessAccountStars = defineMethod('transferBusinessAccountStars', async (ctx) => {
  const connectionId = connectionIdOf(ctx);
  const { star_count: stars } = ctx.values;
  // The runner has checked the range on the trimmed text; the value is read untrimmed (" 5" is 0).
  if (stars < 1 || stars > MAX_STARS) throw botApiError('BUSINESS_STAR_COUNT_INVALID');
  await ctx.platform.businessStars.transferToBot(ctx.botId, connectionId, stars);
  return true;
});
