/**
 * The webhook retry schedule of the reference (reference §4.2): after the first failure retry at
 * once, then wait 2, 4, 8, 16, 32 s, then about 60-64 s, then a random 60-120 s per attempt.
 * A Retry-After of 0-3600 s in the failed response is used exactly instead.
 */
import type { Random } from '../platform/core/random.js';

export function webhookRetryDelayMs(failures: number, random: Random, retryAfter?: number): number {
  if (retryAfter !== undefined && retryAfter >= 0 && retryAfter <= 3600) return retryAfter * 1000;
  if (failures <= 1) return 0;
  if (failures <= 6) return 2 ** (failures - 1) * 1000;
  if (failures === 7) return random.int(60_000, 64_001);
  return random.int(60_000, 120_001);
}

/** Parses a Retry-After header given in seconds; undefined when absent or not a number. */
export function parseRetryAfter(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || !/^\d+$/.test(text.trim())) return undefined;
  return Number(text.trim());
}
