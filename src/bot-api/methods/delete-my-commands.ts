import { readLanguage, readScope } from '../bot-settings-params.js';
import { defineMethod } from '../define-method.js';

/** deleteMyCommands: removes the list of that scope and language; wider scopes apply again. */
export const deleteMyCommands = defineMethod('deleteMyCommands', async (ctx) => {
  const scope = await readScope(ctx);
  await ctx.platform.botSettings.setCommands(ctx.botId, scope, readLanguage(ctx), []);
  return true;
});
