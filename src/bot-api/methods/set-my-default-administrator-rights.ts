import { readRightsObject } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/**
 * setMyDefaultAdministratorRights: the rights suggested when the bot is made an administrator of a
 * group or supergroup, or with for_channels of a channel; no `rights` (or none true) clears them.
 */
export async function setMyDefaultAdministratorRights(ctx: MethodContext): Promise<true> {
  const rights = readRightsObject(ctx);
  await ctx.platform.botSettings.setDefaultRights(ctx.botId, ctx.params.bool('for_channels'), rights);
  return true;
}
