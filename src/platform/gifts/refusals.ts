/**
 * The refusals of gifts (ADR 0050). One entry per code (core/refusals/refusal.ts says
 * what an entry holds; ADR 0108 and its addendum).
 */
import { tdlibText, type Refusals } from '../core/refusals/index.js';

export const GIFT_REFUSALS = {
  /** A gift the platform refuses, by its token (STARGIFT_INVALID, STARGIFT_USAGE_LIMITED, ...). */
  GIFT_INVALID: { kind: 'invalid', bot: (d: { reason: string }) => `Bad Request: ${tdlibText(d.reason)}` },
} satisfies Refusals;

declare module '../core/refusals/index.js' {
  interface RefusalTables {
    gifts: typeof GIFT_REFUSALS;
  }
}
