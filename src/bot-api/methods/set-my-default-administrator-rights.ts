import { readRightsObject } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/**
 * setMyDefaultAdministratorRights: the rights suggested when the bot is made an administrator of a
 * group or supergroup, or with for_channels of a channel; no `rights` (or none true) clears them.
 */
export const setMyDefaultAdministratorRights = defineMethod(
  'setMyDefaultAdministratorRights',
  async (ctx) => {
    // rights is JSON: its own reader.
    const rights = readRightsObject(ctx);
    await ctx.platform.botSettings.setDefaultRights(ctx.botId, ctx.values.for_channels, rights);
    return true;
  },
);
