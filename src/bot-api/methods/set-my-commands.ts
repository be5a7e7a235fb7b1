import { readCommands, readLanguage, readScope } from '../bot-settings-params.js';
import type { MethodContext } from '../method-context.js';

/** setMyCommands: the command list of one scope and language. spec/bot-api.md §2 BotCommandScope. */
export async function setMyCommands(ctx: MethodContext): Promise<true> {
  const commands = readCommands(ctx);
  const scope = await readScope(ctx);
  await ctx.platform.botSettings.setCommands(ctx.botId, scope, readLanguage(ctx), commands);
  return true;
}
