import { defineMethod } from '../define-method.js';
import { RawJson } from '../method-context.js';
import type { Update } from '../../wire/bot-api-types.js';
import { LONG_POLL_MAX_TIMEOUT } from '../../platform/updates/update-queue.js';
import { parseAllowedUpdates } from '../../platform/updates/update-types.js';

/**
 * getUpdates: offset confirmation (negative keeps the newest |offset|), limit clamped to 1-100,
 * long poll clamped to 0-50 s, allowed_updates kept between calls. spec/bot-api.md §4 getUpdates;
 * reference §3.
 */
export const getUpdates = defineMethod('getUpdates', ({ values, platform, botId, signal }) => {
  // limit is clamped to 1-100 by its declaration (overrides.ts); timeout is declared without a range.
  const { offset = 0, limit, timeout, allowed_updates: allowedUpdates } = values;
  // Not an async function: a parked poll keeps no suspended frame of it (issue 31).
  return platform.updates
    .getUpdates(
      botId,
      {
        // The reference reads offset as a 32-bit integer.
        offset: offset | 0,
        limit,
        timeout: Math.min(LONG_POLL_MAX_TIMEOUT, Math.max(0, timeout)),
        allowedUpdates: parseAllowedUpdates(allowedUpdates),
      },
      signal,
    )
    .then(asUpdates);
});

/**
 * The updates' JSON as queued: the one result whose type is stated, not checked (ADR 0085); the
 * run-time test of answers (test/method-results.test.ts) reads them.
 */
const asUpdates = (json: string) => new RawJson<Update[]>(json);
