/**
 * The refusals of stories posted on behalf of business accounts. One entry per code (core/refusals/refusal.ts says
 * what an entry holds; ADR 0108 and its addendum).
 */
import type { Refusals } from '../core/refusals/index.js';

export const STORY_REFUSALS = {
  /** editStory, deleteStory, repostStory of a story that is not there (TDLib's text, unverified). */
  STORY_NOT_FOUND: { kind: 'not_found', bot: 'Bad Request: story not found' },
} satisfies Refusals;

declare module '../core/refusals/index.js' {
  interface RefusalTables {
    stories: typeof STORY_REFUSALS;
  }
}
