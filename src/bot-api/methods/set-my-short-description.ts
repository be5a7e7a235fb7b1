import { readLanguage } from '../bot-settings-params.js';
import { defineMethod } from '../define-method.js';

/** setMyShortDescription: the bot's short description for a language (empty removes it). spec §2 BotShortDescription. */
export const setMyShortDescription = defineMethod('setMyShortDescription', async (ctx) => {
  const language = readLanguage(ctx);
  const { short_description: shortDescription = '' } = ctx.values;
  await ctx.platform.botSettings.setText(ctx.botId, 'short_description', language, shortDescription);
  return true;
});
