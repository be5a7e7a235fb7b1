import { botApiError } from '../errors.js';
import { connectionIdOf } from '../business-params.js';
import type { MethodContext } from '../method-context.js';

/**
 * convertGiftToStars: a regular gift of the business account becomes Stars on the account's
 * balance (can_convert_gifts_to_stars; gifts sent by bots cannot be converted). ADR 0050.
 */
export async function convertGiftToStars(ctx: MethodContext): Promise<true> {
  const connectionId = connectionIdOf(ctx);
  const ownedId = ctx.params.string('owned_gift_id');
  if (ownedId === undefined) throw botApiError('PARAMETER_REQUIRED', { name: 'owned_gift_id' });
  await ctx.platform.gifts.ownership.convertForBusiness(ctx.botId, connectionId, ownedId);
  return true;
}
