import { botApiError } from '../errors.js';
import { connectionIdOf } from '../business-params.js';
import type { MethodContext } from '../method-context.js';

/**
 * upgradeGift: a regular gift of the business account becomes a unique gift
 * (can_transfer_and_upgrade_gifts; a paid upgrade also can_transfer_stars and star_count equal to
 * the gift's upgrade_star_count, taken from the account's balance). ADR 0050.
 */
export async function upgradeGift(ctx: MethodContext): Promise<true> {
  const { params } = ctx;
  const connectionId = connectionIdOf(ctx);
  const ownedId = params.string('owned_gift_id');
  if (ownedId === undefined) throw botApiError('PARAMETER_REQUIRED', { name: 'owned_gift_id' });
  await ctx.platform.gifts.ownership.upgradeForBusiness(ctx.botId, connectionId, ownedId, {
    keepOriginalDetails: params.bool('keep_original_details'),
    starCount: params.int('star_count'),
  });
  return true;
}
