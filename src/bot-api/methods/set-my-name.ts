import { readLanguage } from '../bot-settings-params.js';
import type { MethodContext } from '../method-context.js';

/** setMyName: the bot's name for a language (empty removes it). spec §2 BotName. */
export async function setMyName(ctx: MethodContext): Promise<true> {
  const language = readLanguage(ctx);
  await ctx.platform.botSettings.setText(ctx.botId, 'name', language, ctx.params.string('name') ?? '');
  return true;
}
