import { readLanguage } from '../bot-settings-params.js';
import type { MethodContext } from '../method-context.js';

/** getMyDescription: BotDescription for a language, falling back to the one for all languages. spec §2. */
export async function getMyDescription(ctx: MethodContext) {
  const language = readLanguage(ctx);
  const fallback = '';
  return {
    description: await ctx.platform.botSettings.getText(ctx.botId, 'description', language, fallback),
  };
}
