import { readLanguage } from '../bot-settings-params.js';
import { defineMethod } from '../define-method.js';

/** getMyShortDescription: BotShortDescription for a language, falling back to the one for all languages. spec §2. */
export const getMyShortDescription = defineMethod('getMyShortDescription', async (ctx) => {
  const language = readLanguage(ctx);
  const fallback = '';
  return {
    short_description: await ctx.platform.botSettings.getText(
      ctx.botId,
      'short_description',
      language,
      fallback,
    ),
  };
});
