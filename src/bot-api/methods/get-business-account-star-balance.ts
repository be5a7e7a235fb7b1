import { connectionIdOf } from '../business-params.js';
import type { MethodContext } from '../method-context.js';

/** getBusinessAccountStarBalance: can_view_gifts_and_stars; the account's StarAmount. ADR 0049. */
export async function getBusinessAccountStarBalance(ctx: MethodContext) {
  return ctx.platform.businessStars.balance(ctx.botId, connectionIdOf(ctx));
}
