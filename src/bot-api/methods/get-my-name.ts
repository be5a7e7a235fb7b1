import { readLanguage } from '../bot-settings-params.js';
import { defineMethod } from '../define-method.js';

/** getMyName: BotName for a language, falling back to the one for all languages. spec §2. */
export const getMyName = defineMethod('getMyName', async (ctx) => {
  const language = readLanguage(ctx);
  const fallback = (await ctx.platform.users.resolve(ctx.botId, 'bot')).first_name;
  return { name: await ctx.platform.botSettings.getText(ctx.botId, 'name', language, fallback) };
});
