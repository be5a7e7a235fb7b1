import { describe, expect, it } from 'vitest';
import { MAX_REPORT_ATTEMPTS, REPORT_RETRY_DELAYS_SECONDS, reportRetryDelayMs } from './report-schedule.js';
import type { Random } from '../platform/core/random.js';

const fixed = (pick: 'low' | 'high' | 'mid'): Random => ({
  int: (min, max) => (pick === 'low' ? min : pick === 'high' ? max - 1 : Math.floor((min + max) / 2)),
  bytes: (n) => Buffer.alloc(n),
  token: (n) => 'x'.repeat(n),
});

describe('delivery report retry schedule', () => {
  it('allows ten retries with increasing delays, then none', () => {
    expect(MAX_REPORT_ATTEMPTS).toBe(11);
    const delays = Array.from({ length: 10 }, (_, i) => reportRetryDelayMs(i + 1, fixed('mid')));
    expect(delays).toEqual(REPORT_RETRY_DELAYS_SECONDS.map((s) => s * 1000));
    expect(reportRetryDelayMs(11, fixed('mid'))).toBeUndefined();
  });

  it('spreads each delay by at most 10 %', () => {
    expect(reportRetryDelayMs(1, fixed('low'))).toBe(4500);
    expect(reportRetryDelayMs(1, fixed('high'))).toBe(5500);
    expect(reportRetryDelayMs(10, fixed('high'))).toBe(7_920_000);
  });

  it('lets Retry-After lengthen a delay up to 2 h, never shorten it', () => {
    expect(reportRetryDelayMs(1, fixed('mid'), 60)).toBe(60_000);
    expect(reportRetryDelayMs(3, fixed('mid'), 1)).toBe(30_000);
    expect(reportRetryDelayMs(1, fixed('mid'), 99_999)).toBe(7_200_000);
  });
});
