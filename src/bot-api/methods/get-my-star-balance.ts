import type { MethodContext } from '../method-context.js';
import { starAmount } from '../../platform/payments/stars-ledger.js';

/** getMyStarBalance: the bot's Stars as StarAmount (amount, nanostar_amount when not zero). */
export async function getMyStarBalance({ platform, botId }: MethodContext) {
  return starAmount(await platform.stars.balanceOf(botId));
}
