import { connectionIdOf } from '../business-params.js';
import { defineMethod } from '../define-method.js';

/** getBusinessAccountStarBalance: can_view_gifts_and_stars; the account's StarAmount. ADR 0049. */
export const getBusinessAccountStarBalance = defineMethod('getBusinessAccountStarBalance', async (ctx) => {
  return ctx.platform.businessStars.balance(ctx.botId, connectionIdOf(ctx));
});
