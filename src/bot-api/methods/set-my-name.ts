import { readLanguage } from '../bot-settings-params.js';
import { defineMethod } from '../define-method.js';

/** setMyName: the bot's name for a language (empty removes it). spec §2 BotName. */
export const setMyName = defineMethod('setMyName', async (ctx) => {
  const language = readLanguage(ctx);
  const { name = '' } = ctx.values;
  await ctx.platform.botSettings.setText(ctx.botId, 'name', language, name);
  return true;
});
