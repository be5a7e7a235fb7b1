/**
 * The refusals of verification by a verifier bot (ADR 0044). One entry per code (core/refusals/refusal.ts says
 * what an entry holds; ADR 0108 and its addendum).
 */
import type { Refusals } from '../core/refusals/index.js';

export const VERIFICATION_REFUSALS = {
  /** A bot that is not a verifier (the platform's 403 token, made 400 as §2.2 says; text unverified). */
  BOT_VERIFIER_FORBIDDEN: { kind: 'forbidden', bot: 'Bad Request: BOT_VERIFIER_FORBIDDEN' },
  /** custom_description over 70 characters, or given by a verifier that may not (text unverified). */
  VERIFICATION_DESCRIPTION_INVALID: {
    kind: 'invalid',
    bot: 'Bad Request: CUSTOM_DESCRIPTION_INVALID',
    control: 'BAD_REQUEST',
  },
} satisfies Refusals;

declare module '../core/refusals/index.js' {
  interface RefusalTables {
    verification: typeof VERIFICATION_REFUSALS;
  }
}
