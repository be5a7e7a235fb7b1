/**
 * When a failed delivery report is tried again (spec §6: up to 10 retries with increasing delays;
 * reference §7.2 for the schedule). After the first attempt fails, retries wait 5 s, 15 s, 30 s,
 * 1 min, 2 min, 5 min, 10 min, 30 min, 1 h and 2 h (about 4 h in all), each ±10 % at random so that
 * many reports failing together do not retry together. A Retry-After (seconds) in the failed answer
 * can lengthen a wait, up to 2 h, never shorten it. Delays are virtual time.
 */
import type { Random } from '../platform/core/random.js';

export const REPORT_RETRY_DELAYS_SECONDS = [5, 15, 30, 60, 120, 300, 600, 1800, 3600, 7200] as const;
/** The first attempt and its ten retries. */
export const MAX_REPORT_ATTEMPTS = REPORT_RETRY_DELAYS_SECONDS.length + 1;
const MAX_RETRY_AFTER_SECONDS = 7200;

/**
 * The wait after the `attempts`-th failed attempt (1-based), or undefined when that was the last one
 * allowed and the report is lost.
 */
export function reportRetryDelayMs(
  attempts: number,
  random: Random,
  retryAfter?: number,
): number | undefined {
  const base = REPORT_RETRY_DELAYS_SECONDS[attempts - 1];
  if (base === undefined) return undefined;
  const spread = base * 100; // 10 % of base, in ms
  const delay = base * 1000 + random.int(-spread, spread + 1);
  if (retryAfter === undefined) return delay;
  return Math.max(delay, Math.min(retryAfter, MAX_RETRY_AFTER_SECONDS) * 1000);
}
