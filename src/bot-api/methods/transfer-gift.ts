import { botApiError } from '../errors.js';
import { connectionIdOf } from '../business-params.js';
import type { MethodContext } from '../method-context.js';

/**
 * transferGift: a unique gift of the business account goes to another user or a channel
 * (can_transfer_and_upgrade_gifts and can_transfer_stars; star_count is the transfer fee, 25
 * Stars on Parley, from the account's balance). ADR 0050.
 */
export async function transferGift(ctx: MethodContext): Promise<true> {
  const { params } = ctx;
  const connectionId = connectionIdOf(ctx);
  const ownedId = params.string('owned_gift_id');
  if (ownedId === undefined) throw botApiError('PARAMETER_REQUIRED', { name: 'owned_gift_id' });
  const newOwner = params.int('new_owner_chat_id');
  if (newOwner === undefined || newOwner === 0)
    throw botApiError('PARAMETER_REQUIRED', { name: 'new_owner_chat_id' });
  await ctx.platform.gifts.ownership.transferForBusiness(
    ctx.botId,
    connectionId,
    ownedId,
    newOwner,
    params.int('star_count') ?? 0,
  );
  return true;
}
