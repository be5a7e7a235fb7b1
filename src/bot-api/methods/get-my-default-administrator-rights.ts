import { defineMethod } from '../define-method.js';
import { renderAdministratorRights } from '../../platform/chats/chat-rights.js';

/** getMyDefaultAdministratorRights: ChatAdministratorRights, every field false when none are set. */
export const getMyDefaultAdministratorRights = defineMethod(
  'getMyDefaultAdministratorRights',
  async (ctx) => {
    const { for_channels: forChannels } = ctx.values;
    return renderAdministratorRights(await ctx.platform.botSettings.getDefaultRights(ctx.botId, forChannels));
  },
);
