import { managedUserId } from '../business-params.js';
import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';

/**
 * replaceManagedBotToken: a new token for a bot this bot manages; the old one answers 401 at once,
 * on every process. The manager gets managed_bot.
 */
export const replaceManagedBotToken = defineMethod('replaceManagedBotToken', async (ctx) => {
  const token = await ctx.platform.managedBots.replaceToken(ctx.botId, managedUserId(ctx));
  if (token === undefined) throw botApiError('USER_ID_INVALID');
  return token;
});
