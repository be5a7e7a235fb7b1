import { readLanguage, readScope } from '../bot-settings-params.js';
import type { MethodContext } from '../method-context.js';

/** getMyCommands: exactly the list of that scope and language, [] when none is set. */
export async function getMyCommands(ctx: MethodContext) {
  const scope = await readScope(ctx);
  return ctx.platform.botSettings.getCommands(ctx.botId, scope, readLanguage(ctx));
}
