import { RawJson, type MethodContext } from '../method-context.js';
import type { Update } from '../../wire/bot-api-types.js';
import { LONG_POLL_MAX_TIMEOUT, parseAllowedUpdates } from '../../platform/updates/update-queue.js';

/**
 * getUpdates: offset confirmation (negative keeps the newest |offset|), limit clamped to 1-100,
 * long poll clamped to 0-50 s, allowed_updates kept between calls. spec/bot-api.md §4 getUpdates;
 * reference §3.
 */
export async function getUpdates({ platform, botId, params, signal }: MethodContext) {
  const offset = params.int('offset') ?? 0;
  const json = await platform.updates.getUpdates(
    botId,
    {
      // The reference reads offset as a 32-bit integer.
      offset: offset | 0,
      limit: params.clampedInt('limit', 100, 1, 100),
      timeout: params.clampedInt('timeout', 0, 0, LONG_POLL_MAX_TIMEOUT),
      allowedUpdates: parseAllowedUpdates(params.json('allowed_updates')),
    },
    signal,
  );
  // The updates' JSON as queued: the one result whose type is stated, not checked (ADR 0085); the
  // run-time test of answers (test/method-results.test.ts) reads them.
  return new RawJson<Update[]>(json);
}
