import { defineMethod } from '../define-method.js';
import { connectionIdOf } from '../business-params.js';

/**
 * upgradeGift: a regular gift of the business account becomes a unique gift
 * (can_transfer_and_upgrade_gifts; a paid upgrade also can_transfer_stars and star_count equal to
 * the gift's upgrade_star_count, taken from the account's balance). ADR 0050. The runner has
 * refused a call without owned_gift_id (ADR 0084).
 */
export const upgradeGift = defineMethod('upgradeGift', async (ctx) => {
  const connectionId = connectionIdOf(ctx);
  const {
    owned_gift_id: ownedId,
    keep_original_details: keepOriginalDetails,
    star_count: starCount,
  } = ctx.values;
  await ctx.platform.gifts.ownership.upgradeForBusiness(ctx.botId, connectionId, ownedId, {
    keepOriginalDetails,
    starCount,
  });
  return true;
});
