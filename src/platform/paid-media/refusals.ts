/**
 * The refusals of paid media (ADR 0050). One entry per code (core/refusals/refusal.ts says
 * what an entry holds; ADR 0108 and its addendum).
 */
import { tdlibText, type Refusals } from '../core/refusals/index.js';

export const PAID_MEDIA_REFUSALS = {
  /** Paid media the platform refuses, by its token (PAID_MEDIA_NOT_FOUND, STARS_AMOUNT_INVALID, ...). */
  PAID_MEDIA_INVALID: {
    kind: 'invalid',
    bot: (d: { reason: string }) => `Bad Request: ${tdlibText(d.reason)}`,
  },
} satisfies Refusals;

declare module '../core/refusals/index.js' {
  interface RefusalTables {
    'paid-media': typeof PAID_MEDIA_REFUSALS;
  }
}
