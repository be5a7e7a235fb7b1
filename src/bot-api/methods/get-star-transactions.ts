import { defineMethod } from '../define-method.js';

/**
 * getStarTransactions: the bot's ledger, oldest first (StarTransactions); offset skips (below zero:
 * none), limit is clamped to 1-100 (default 100) as the reference clamps it (overrides.ts). Incoming
 * rows have `source`, outgoing ones `receiver` (TransactionPartner).
 */
export const getStarTransactions = defineMethod('getStarTransactions', async (ctx) => {
  const { offset = 0, limit } = ctx.values;
  return { transactions: await ctx.platform.stars.transactions(ctx.botId, Math.max(0, offset), limit) };
});
