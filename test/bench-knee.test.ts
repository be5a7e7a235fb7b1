/**
 * Scenario 9's knee (bench/lib/knee.ts): after the ladder, steps halve the gap between the last
 * rate held and the first failed, so that a ratio of two knees is not one of the ladder's few.
 */
import { describe, expect, it } from 'vitest';
import { kneeGap, nextRefinement, type Tried } from '../bench/lib/knee.js';

const ladder = (held: number[], failed: number): Tried[] => [
  ...held.map((rate) => ({ rate, held: true })),
  { rate: failed, held: false },
];

describe('the knee between two of the ladder rates', () => {
  it('tries the middle of the last rate held and the first failed, then of the gap left', () => {
    const tried = ladder([25, 50, 100, 200, 400], 700);
    expect(nextRefinement(tried)).toBe(550);
    tried.push({ rate: 550, held: true });
    expect(nextRefinement(tried)).toBe(625);
    tried.push({ rate: 625, held: false });
    expect(kneeGap(tried)).toEqual({ held: 550, failed: 625 });
    expect(nextRefinement(tried)).toBe(600);
  });

  it('keeps the knee below every failure, whatever passed above one', () => {
    const tried = ladder([25, 50, 100, 200], 400);
    tried.push({ rate: 700, held: true }); // --rates measures past a failure
    expect(kneeGap(tried)).toEqual({ held: 200, failed: 400 });
    expect(nextRefinement(tried)).toBe(300);
  });

  it('has nothing to halve when no rate failed, none held, or the gap is one grain', () => {
    expect(nextRefinement(ladder([25, 50], 100).slice(0, 2))).toBeUndefined();
    expect(nextRefinement([{ rate: 25, held: false }])).toBeUndefined();
    expect(kneeGap([{ rate: 25, held: false }]).held).toBe(0);
    expect(nextRefinement(ladder([25, 50], 75))).toBeUndefined();
  });
});
