import { connectionIdOf } from '../business-params.js';
import { defineMethod } from '../define-method.js';

/** getBusinessConnection: a connection of this bot, enabled or not (spec BusinessConnection). */
export const getBusinessConnection = defineMethod('getBusinessConnection', async (ctx) => {
  return ctx.platform.business.get(ctx.botId, connectionIdOf(ctx));
});
