import { readLanguage } from '../bot-settings-params.js';
import type { MethodContext } from '../method-context.js';

/** getMyShortDescription: BotShortDescription for a language, falling back to the one for all languages. spec §2. */
export async function getMyShortDescription(ctx: MethodContext) {
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
}
