import { readLanguage } from '../bot-settings-params.js';
import { defineMethod } from '../define-method.js';

/** setMyDescription: the bot's description for a language (empty removes it). spec §2 BotDescription. */
export const setMyDescription = defineMethod('setMyDescription', async (ctx) => {
  const language = readLanguage(ctx);
  const { description = '' } = ctx.values;
  await ctx.platform.botSettings.setText(ctx.botId, 'description', language, description);
  return true;
});
