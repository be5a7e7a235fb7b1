/**
 * The refusals of suggested posts in channels' direct messages (ADR 0053). One entry per code (core/refusals/refusal.ts says
 * what an entry holds; ADR 0108 and its addendum).
 */
import { tdlibText, type Refusals } from '../core/refusals/index.js';

export const SUGGESTED_POST_REFUSALS = {
  /** approveSuggestedPost / declineSuggestedPost refused: the reason is the wire text (ADR 0053, unverified). */
  SUGGESTED_POST_INVALID: {
    kind: 'invalid',
    bot: (d: { reason: string }) => `Bad Request: ${tdlibText(d.reason)}`,
  },
} satisfies Refusals;

declare module '../core/refusals/index.js' {
  interface RefusalTables {
    'suggested-posts': typeof SUGGESTED_POST_REFUSALS;
  }
}
