/**
 * The refusals of inline mode: inline queries of people, and the content of the results they choose
 * (inline-content.ts). One entry per code (core/refusals/refusal.ts says
 * what an entry holds; ADR 0108 and its addendum).
 */
import type { Refusals } from '../core/refusals/index.js';

export const INLINE_REFUSALS = {
  BOT_INLINE_DISABLED: { kind: 'invalid', bot: null, web: 'forbidden' },
  INLINE_QUERY_NOT_FOUND: { kind: 'not_found', bot: null },
  RESULT_NOT_FOUND: { kind: 'not_found', bot: null },
  /** WEBPAGE_CURL_FAILED (§2.2). */
  URL_CONTENT_FAILED: {
    kind: 'invalid',
    bot: 'Bad Request: failed to get HTTP URL content',
    control: 'BAD_REQUEST',
  },
  /** WEBPAGE_MEDIA_EMPTY (§2.2). */
  URL_CONTENT_NOT_IMAGE: {
    kind: 'invalid',
    bot: 'Bad Request: wrong type of the web page content',
    control: 'BAD_REQUEST',
  },
} satisfies Refusals;

declare module '../core/refusals/index.js' {
  interface RefusalTables {
    inline: typeof INLINE_REFUSALS;
  }
}
