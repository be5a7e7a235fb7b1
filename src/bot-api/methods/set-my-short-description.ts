import { readLanguage } from '../bot-settings-params.js';
import type { MethodContext } from '../method-context.js';

/** setMyShortDescription: the bot's short description for a language (empty removes it). spec §2 BotShortDescription. */
export async function setMyShortDescription(ctx: MethodContext): Promise<true> {
  const language = readLanguage(ctx);
  await ctx.platform.botSettings.setText(
    ctx.botId,
    'short_description',
    language,
    ctx.params.string('short_description') ?? '',
  );
  return true;
}
