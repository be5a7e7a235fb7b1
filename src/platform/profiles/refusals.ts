/**
 * The refusals of people's profiles (ADR 0048). One entry per code (core/refusals/refusal.ts says
 * what an entry holds; ADR 0108 and its addendum).
 */
import type { Refusals } from '../core/refusals/index.js';

export const PROFILE_REFUSALS = {
  /** setUserEmojiStatus for a person who did not allow the bot (the platform's token; unverified). */
  EMOJI_STATUS_ACCESS_DENIED: {
    kind: 'forbidden',
    bot: 'Bad Request: USER_PERMISSION_DENIED',
    web: 'invalid',
  },
} satisfies Refusals;

declare module '../core/refusals/index.js' {
  interface RefusalTables {
    profiles: typeof PROFILE_REFUSALS;
  }
}
