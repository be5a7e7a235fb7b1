import { managedUserId } from '../business-params.js';
import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';

/** getManagedBotAccessSettings: BotAccessSettings of a bot this bot manages. */
export async function getManagedBotAccessSettings(ctx: MethodContext) {
  const settings = await ctx.platform.managedBots.accessSettings(ctx.botId, managedUserId(ctx));
  if (settings === undefined) throw botApiError('USER_ID_INVALID');
  return settings;
}
