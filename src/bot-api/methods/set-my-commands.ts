import { readCommands, readLanguage, readScope } from '../bot-settings-params.js';
import { defineMethod } from '../define-method.js';

/** setMyCommands: the command list of one scope and language. spec/bot-api.md §2 BotCommandScope. */
export const setMyCommands = defineMethod('setMyCommands', async (ctx) => {
  // commands and scope are JSON: their own readers, shared with getMyCommands and deleteMyCommands.
  const commands = readCommands(ctx);
  const scope = await readScope(ctx);
  await ctx.platform.botSettings.setCommands(ctx.botId, scope, readLanguage(ctx), commands);
  return true;
});
