import { connectionIdOf } from '../business-params.js';
import { defineMethod } from '../define-method.js';

/**
 * convertGiftToStars: a regular gift of the business account becomes Stars on the account's
 * balance (can_convert_gifts_to_stars; gifts sent by bots cannot be converted). ADR 0050. The
 * runner has refused a missing owned_gift_id (ADR 0084).
 */
export const convertGiftToStars = defineMethod('convertGiftToStars', async (ctx) => {
  const connectionId = connectionIdOf(ctx);
  await ctx.platform.gifts.ownership.convertForBusiness(ctx.botId, connectionId, ctx.values.owned_gift_id);
  return true;
});
