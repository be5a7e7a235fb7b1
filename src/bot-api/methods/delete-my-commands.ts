import { readLanguage, readScope } from '../bot-settings-params.js';
import type { MethodContext } from '../method-context.js';

/** deleteMyCommands: removes the list of that scope and language; wider scopes apply again. */
export async function deleteMyCommands(ctx: MethodContext): Promise<true> {
  const scope = await readScope(ctx);
  await ctx.platform.botSettings.setCommands(ctx.botId, scope, readLanguage(ctx), []);
  return true;
}
