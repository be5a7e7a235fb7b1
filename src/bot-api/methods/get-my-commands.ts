import { readLanguage, readScope } from '../bot-settings-params.js';
import { defineMethod } from '../define-method.js';

/** getMyCommands: exactly the list of that scope and language, [] when none is set. */
export const getMyCommands = defineMethod('getMyCommands', async (ctx) => {
  const scope = await readScope(ctx);
  return ctx.platform.botSettings.getCommands(ctx.botId, scope, readLanguage(ctx));
});
