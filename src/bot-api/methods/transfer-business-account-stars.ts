import { connectionIdOf } from '../business-params.js';
import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';

const MAX_STARS = 10_000;

/**
 * transferBusinessAccountStars: can_transfer_stars; 1-10000 Stars move from the account to the bot
 * on the Stars ledger (a short balance: BALANCE_TOO_LOW). ADR 0049.
 */
export async function transferBusinessAccountStars(ctx: MethodContext): Promise<true> {
  const connectionId = connectionIdOf(ctx);
  const stars = ctx.params.int('star_count');
  if (stars === undefined || stars < 1 || stars > MAX_STARS) throw botApiError('BUSINESS_STAR_COUNT_INVALID');
  await ctx.platform.businessStars.transferToBot(ctx.botId, connectionId, stars);
  return true;
}
