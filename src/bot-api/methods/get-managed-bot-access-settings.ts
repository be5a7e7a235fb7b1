import { managedUserId } from '../business-params.js';
import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';

/** getManagedBotAccessSettings: BotAccessSettings of a bot this bot manages. */
export const getManagedBotAccessSettings = defineMethod('getManagedBotAccessSettings', async (ctx) => {
  const settings = await ctx.platform.managedBots.accessSettings(ctx.botId, managedUserId(ctx));
  if (settings === undefined) throw botApiError('USER_ID_INVALID');
  return settings;
});
