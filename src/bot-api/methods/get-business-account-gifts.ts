import { connectionIdOf } from '../business-params.js';
import { defineMethod } from '../define-method.js';
import { readGiftFilter } from '../gift-params.js';

/**
 * getBusinessAccountGifts: can_view_gifts_and_stars; the account's OwnedGifts as its own (with
 * owned_gift_id), through the gifts' lists (platform/gifts, ADR 0050). ADR 0049.
 */
export const getBusinessAccountGifts = defineMethod('getBusinessAccountGifts', async (ctx) => {
  const connectionId = connectionIdOf(ctx);
  const filter = readGiftFilter(ctx);
  const account = await ctx.platform.business.account(ctx.botId, connectionId, 'can_view_gifts_and_stars');
  const { store } = ctx.platform.deps;
  return ctx.platform.gifts.lists.list(store, ctx.botId, 'user', account.id, filter, true);
});
