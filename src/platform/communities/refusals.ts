/**
 * The refusals of communities (ADR 0077). One entry per code (core/refusals/refusal.ts says
 * what an entry holds; ADR 0108 and its addendum).
 */
import type { Refusals } from '../core/refusals/index.js';

export const COMMUNITY_REFUSALS = {
  COMMUNITY_NOT_FOUND: { kind: 'not_found', bot: null },
  COMMUNITY_OWNER_REQUIRED: { kind: 'forbidden', bot: null },
  CHAT_ALREADY_IN_COMMUNITY: { kind: 'conflict', bot: null },
  CHAT_NOT_IN_COMMUNITY: { kind: 'invalid', bot: null },
} satisfies Refusals;

declare module '../core/refusals/index.js' {
  interface RefusalTables {
    communities: typeof COMMUNITY_REFUSALS;
  }
}
