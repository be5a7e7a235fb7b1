import { managedUserId } from '../business-params.js';
import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';

/**
 * replaceManagedBotToken: a new token for a bot this bot manages; the old one answers 401 at once,
 * on every process. The manager gets managed_bot.
 */
export async function replaceManagedBotToken(ctx: MethodContext) {
  const token = await ctx.platform.managedBots.replaceToken(ctx.botId, managedUserId(ctx));
  if (token === undefined) throw botApiError('USER_ID_INVALID');
  return token;
}
