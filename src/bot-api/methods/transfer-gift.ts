import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { connectionIdOf } from '../business-params.js';

/**
 * transferGift: a unique gift of the business account goes to another user or a channel
 * (can_transfer_and_upgrade_gifts and can_transfer_stars; star_count is the transfer fee, 25
 * Stars on Parley, from the account's balance). ADR 0050. The runner has refused a call without
 * owned_gift_id or new_owner_chat_id (ADR 0084).
 */
export const transferGift = defineMethod('transferGift', async (ctx) => {
  const connectionId = connectionIdOf(ctx);
  const { owned_gift_id: ownedId, new_owner_chat_id: newOwner, star_count: starCount = 0 } = ctx.values;
  // A new_owner_chat_id that reads as 0 ("abc") is none, with the text of a missing one.
  if (newOwner === 0) throw botApiError('PARAMETER_REQUIRED', { name: 'new_owner_chat_id' });
  await ctx.platform.gifts.ownership.transferForBusiness(
    ctx.botId,
    connectionId,
    ownedId,
    newOwner,
    starCount,
  );
  return true;
});
