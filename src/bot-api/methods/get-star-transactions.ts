import type { MethodContext } from '../method-context.js';

/**
 * getStarTransactions: the bot's ledger, oldest first (StarTransactions); offset skips, limit is
 * 1-100 (default 100). Incoming rows have `source`, outgoing ones `receiver` (TransactionPartner).
 */
export async function getStarTransactions({ params, platform, botId }: MethodContext) {
  const offset = Math.max(0, params.int('offset') ?? 0);
  const limit = params.clampedInt('limit', 100, 1, 100);
  return { transactions: await platform.stars.transactions(botId, offset, limit) };
}
