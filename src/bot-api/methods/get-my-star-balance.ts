import { defineMethod } from '../define-method.js';
import { starAmount } from '../../platform/payments/stars-ledger.js';

/** getMyStarBalance: the bot's Stars as StarAmount (amount, nanostar_amount when not zero). */
export const getMyStarBalance = defineMethod('getMyStarBalance', async ({ platform, botId }) => {
  return starAmount(await platform.stars.balanceOf(botId));
});
