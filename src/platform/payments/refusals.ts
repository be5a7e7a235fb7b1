/**
 * The refusals of payments and the Stars ledger (the kernel declares INVOICE_INVALID, which invite
 * links throw too). BALANCE_TOO_LOW is also what the features that spend Stars through the ledger
 * throw (business, gifts, giveaways, paid media). One entry per code (core/refusals/refusal.ts says
 * what an entry holds; ADR 0108 and its addendum).
 */
import type { Refusals } from '../core/refusals/index.js';

export const PAYMENT_REFUSALS = {
  BALANCE_TOO_LOW: { kind: 'invalid', bot: 'Bad Request: BALANCE_TOO_LOW' },
  INVOICE_NOT_FOUND: { kind: 'not_found', bot: null },
  CHARGE_NOT_FOUND: { kind: 'not_found', bot: 'Bad Request: CHARGE_NOT_FOUND' },
  CHARGE_ALREADY_REFUNDED: {
    kind: 'invalid',
    bot: 'Bad Request: CHARGE_ALREADY_REFUNDED',
    control: 'BAD_REQUEST',
  },
} satisfies Refusals;

declare module '../core/refusals/index.js' {
  interface RefusalTables {
    payments: typeof PAYMENT_REFUSALS;
  }
}
