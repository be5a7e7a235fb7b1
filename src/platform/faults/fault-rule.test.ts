import { describe, expect, it } from 'vitest';
import { draw, exhausted, faultsCall, matchesMethod, type FaultRule } from './fault-rule.js';

const base: FaultRule = { id: 1, surface: 'bot_api', target_id: 7, status: 502, created_ms: 0 };

describe('fault rules', () => {
  it('fault the next N calls, then none', () => {
    const rule = { ...base, times: 2 };
    expect([1, 2, 3].map((n) => faultsCall(rule, n, 0))).toEqual([true, true, false]);
    expect(exhausted(rule, 1)).toBe(false);
    expect(exhausted(rule, 2)).toBe(true);
  });

  it('end at their virtual time', () => {
    const rule = { ...base, until_ms: 60_000 };
    expect(faultsCall(rule, 0, 30_000)).toBe(true);
    expect(faultsCall(rule, 0, 90_000)).toBe(false);
  });

  it('draw the same sequence for the same seed, spread over [0, 1)', () => {
    const sequence = (seed: number) => Array.from({ length: 1000 }, (_, i) => draw(seed, i + 1));
    const a = sequence(42);
    expect(sequence(42)).toEqual(a);
    expect(sequence(43)).not.toEqual(a);
    expect(Math.min(...a)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...a)).toBeLessThan(1);
    const below = a.filter((x) => x < 0.3).length;
    expect(below).toBeGreaterThan(240);
    expect(below).toBeLessThan(360);
    const rule = { ...base, probability: 0.3, seed: 42 };
    expect(a.map((_, i) => faultsCall(rule, i + 1, 0))).toEqual(a.map((x) => x < 0.3));
  });

  it('match their method only, or every method', () => {
    expect(matchesMethod({ ...base, method: 'sendmessage' }, 'sendmessage')).toBe(true);
    expect(matchesMethod({ ...base, method: 'sendmessage' }, 'getme')).toBe(false);
    expect(matchesMethod(base, 'getme')).toBe(true);
  });
});
