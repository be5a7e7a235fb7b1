import { connectionIdOf } from '../business-params.js';
import type { MethodContext } from '../method-context.js';

/** getBusinessConnection: a connection of this bot, enabled or not (spec BusinessConnection). */
export async function getBusinessConnection(ctx: MethodContext) {
  return ctx.platform.business.get(ctx.botId, connectionIdOf(ctx));
}
