import { describe, expect, it } from 'vitest';
import { parseRetryAfter, webhookRetryDelayMs } from './backoff.js';
import { cryptoRandom } from '../platform/core/random.js';

describe('webhook retry schedule', () => {
  it('retries at once, then doubles from 2 s to 32 s', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => webhookRetryDelayMs(n, cryptoRandom))).toEqual([
      0, 2000, 4000, 8000, 16000, 32000,
    ]);
  });
  it('then waits about a minute, then 60-120 s', () => {
    const seventh = webhookRetryDelayMs(7, cryptoRandom);
    expect(seventh).toBeGreaterThanOrEqual(60_000);
    expect(seventh).toBeLessThanOrEqual(64_000);
    for (let i = 0; i < 50; i++) {
      const later = webhookRetryDelayMs(8 + i, cryptoRandom);
      expect(later).toBeGreaterThanOrEqual(60_000);
      expect(later).toBeLessThanOrEqual(120_000);
    }
  });
  it('uses Retry-After exactly when it is 0-3600 s', () => {
    expect(webhookRetryDelayMs(3, cryptoRandom, 7)).toBe(7000);
    expect(webhookRetryDelayMs(3, cryptoRandom, 4000)).toBe(4000);
    expect(parseRetryAfter('12')).toBe(12);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});
