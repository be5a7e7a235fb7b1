/**
 * The refusals of chat boosts (ADR 0044). One entry per code (core/refusals/refusal.ts says
 * what an entry holds; ADR 0108 and its addendum).
 */
import type { Refusals } from '../core/refusals/index.js';

export const BOOST_REFUSALS = {
  BOOST_LIMIT_REACHED: { kind: 'invalid', bot: null },
  BOOST_NOT_FOUND: { kind: 'not_found', bot: null },
} satisfies Refusals;

declare module '../core/refusals/index.js' {
  interface RefusalTables {
    boosts: typeof BOOST_REFUSALS;
  }
}
