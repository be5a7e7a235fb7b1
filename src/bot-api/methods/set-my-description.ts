import { readLanguage } from '../bot-settings-params.js';
import type { MethodContext } from '../method-context.js';

/** setMyDescription: the bot's description for a language (empty removes it). spec §2 BotDescription. */
export async function setMyDescription(ctx: MethodContext): Promise<true> {
  const language = readLanguage(ctx);
  await ctx.platform.botSettings.setText(
    ctx.botId,
    'description',
    language,
    ctx.params.string('description') ?? '',
  );
  return true;
}
