import { describe, expect, it } from 'vitest';
import { SystemClock } from '../core/clock.js';
import { RateLimited } from '../core/errors.js';
import { FloodControl, TokenBucket } from './flood-control.js';
import { REFERENCE_FLOOD_LIMITS } from '../../config/flood-config.js';

/** A clock that stands still unless the test moves it. */
const fixedClock = () => new SystemClock(0, () => 1_700_000_000_000);

function retryAfter(run: () => unknown): number {
  try {
    run();
  } catch (error) {
    if (error instanceof RateLimited) return error.retryAfter;
    throw error;
  }
  throw new Error('admitted');
}

describe('TokenBucket', () => {
  it('gives its capacity at once, then refills at its rate, never above capacity', () => {
    const bucket = new TokenBucket(3, 2, 0);
    for (let i = 0; i < 3; i++) bucket.take(0);
    expect(bucket.available(0)).toBe(0);
    expect(bucket.waitMs(0)).toBe(500);
    expect(bucket.available(250)).toBe(0.5);
    expect(bucket.waitMs(250)).toBe(250);
    expect(bucket.available(10_000)).toBe(3);
    bucket.take(10_000);
    bucket.refund(10_000);
    bucket.refund(10_000);
    expect(bucket.available(10_000)).toBe(3);
  });
});

describe('FloodControl', () => {
  it('admits a burst into one chat, then refuses with the seconds until the next token', () => {
    const clock = fixedClock();
    const flood = new FloodControl({ enabled: true, ...REFERENCE_FLOOD_LIMITS, chatBurst: 3 }, clock);
    for (let i = 0; i < 3; i++) flood.admit(1, '42', false);
    expect(retryAfter(() => flood.admit(1, '42', false))).toBe(1);
    // Other chats and other bots have buckets of their own.
    flood.admit(1, '43', false);
    flood.admit(2, '42', false);
    clock.advance(1000);
    flood.admit(1, '42', false);
    expect(retryAfter(() => flood.admit(1, '42', false))).toBe(1);
  });

  it('limits a group to its per-minute rate and a bot across chats to its per-second rate', () => {
    const clock = fixedClock();
    const flood = new FloodControl(
      { enabled: true, chatPerSecond: 100, chatBurst: 100, groupPerMinute: 20, globalPerSecond: 30 },
      clock,
    );
    for (let i = 0; i < 20; i++) flood.admit(1, '-100', true);
    expect(retryAfter(() => flood.admit(1, '-100', true))).toBe(3);
    for (let i = 0; i < 10; i++) flood.admit(1, String(i), false);
    expect(retryAfter(() => flood.admit(1, '99', false))).toBe(1);
    clock.advance(3000);
    flood.admit(1, '-100', true);
  });

  it('uses nothing for a refused send and gives back the tokens of a failed one', () => {
    const clock = fixedClock();
    const flood = new FloodControl({ enabled: true, ...REFERENCE_FLOOD_LIMITS, chatBurst: 1 }, clock);
    const refund = flood.admit(1, '42', false);
    expect(() => flood.admit(1, '42', false)).toThrow(RateLimited);
    refund();
    flood.admit(1, '42', false);
  });

  it('admits everything when it is off', () => {
    const flood = new FloodControl({ enabled: false, ...REFERENCE_FLOOD_LIMITS }, fixedClock());
    for (let i = 0; i < 100; i++) flood.admit(1, '42', false);
  });
});
