import type { MethodContext } from '../method-context.js';
import { renderAdministratorRights } from '../../platform/chats/chat-rights.js';

/** getMyDefaultAdministratorRights: ChatAdministratorRights, every field false when none are set. */
export async function getMyDefaultAdministratorRights(ctx: MethodContext) {
  const forChannels = ctx.params.bool('for_channels');
  return renderAdministratorRights(await ctx.platform.botSettings.getDefaultRights(ctx.botId, forChannels));
}
