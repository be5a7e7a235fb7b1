import { managedUserId } from '../business-params.js';
import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';

/** getManagedBotToken: the token of a bot this bot manages (ADR 0049). */
export async function getManagedBotToken(ctx: MethodContext) {
  const token = await ctx.platform.managedBots.token(ctx.botId, managedUserId(ctx));
  if (token === undefined) throw botApiError('USER_ID_INVALID');
  return token;
}
