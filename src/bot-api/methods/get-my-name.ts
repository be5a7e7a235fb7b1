import { readLanguage } from '../bot-settings-params.js';
import type { MethodContext } from '../method-context.js';

/** getMyName: BotName for a language, falling back to the one for all languages. spec §2. */
export async function getMyName(ctx: MethodContext) {
  const language = readLanguage(ctx);
  const fallback = (await ctx.platform.users.resolve(ctx.botId, 'bot')).first_name;
  return { name: await ctx.platform.botSettings.getText(ctx.botId, 'name', language, fallback) };
}
