import { readLanguage } from '../bot-settings-params.js';
import { defineMethod } from '../define-method.js';

/** getMyDescription: BotDescription for a language, falling back to the one for all languages. spec §2. */
export const getMyDescription = defineMethod('getMyDescription', async (ctx) => {
  const language = readLanguage(ctx);
  const fallback = '';
  return {
    description: await ctx.platform.botSettings.getText(ctx.botId, 'description', language, fallback),
  };
});
