import { managedUserId } from '../business-params.js';
import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';

/** getManagedBotToken: the token of a bot this bot manages (ADR 0049). */
export const getManagedBotToken = defineMethod('getManagedBotToken', async (ctx) => {
  const token = await ctx.platform.managedBots.token(ctx.botId, managedUserId(ctx));
  if (token === undefined) throw botApiError('USER_ID_INVALID');
  return token;
});
