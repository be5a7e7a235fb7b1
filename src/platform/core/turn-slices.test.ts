import { describe, expect, it } from 'vitest';
import { TurnSlices } from './turn-slices.js';

/** Resolves once `check` holds, checked once a turn of the event loop, for at most `turns` turns. */
async function turnsUntil(check: () => boolean, turns = 1000): Promise<number> {
  for (let n = 0; n < turns; n++) {
    if (check()) return n;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`not within ${turns} turns`);
}

describe('TurnSlices', () => {
  it('runs callbacks that come together a slice per turn, in order, with other work between slices', async () => {
    const slices = new TurnSlices(32);
    const log: string[] = [];
    for (let i = 0; i < 100; i++) slices.push(() => log.push(`c${i}`));
    expect(log).toEqual([]);
    expect(slices.pending).toBe(100);
    // Work that comes in after the first slice was scheduled: it runs between slices, not after all.
    setImmediate(() => log.push('other'));
    await turnsUntil(() => slices.pending === 0);
    const callbacks = log.filter((entry) => entry !== 'other');
    expect(callbacks).toEqual(Array.from({ length: 100 }, (_, i) => `c${i}`));
    // The first slice of 32 ran in the first turn, then the other work, then the rest.
    expect(log.indexOf('other')).toBe(32);
  });

  it('never runs more than its slice in one turn', () => {
    const turns: Array<() => void> = [];
    const slices = new TurnSlices(3, (run) => turns.push(run));
    let ran = 0;
    for (let i = 0; i < 10; i++) slices.push(() => (ran += 1));
    expect(turns).toHaveLength(1);
    const perTurn: number[] = [];
    while (turns.length > 0) {
      const before = ran;
      turns.shift()!();
      perTurn.push(ran - before);
    }
    expect(perTurn).toEqual([3, 3, 3, 1]);
    // Idle again: the next push schedules a turn of its own.
    slices.push(() => (ran += 1));
    expect(turns).toHaveLength(1);
    turns.shift()!();
    expect(ran).toBe(11);
  });

  it('runs a callback pushed during a slice in a later slice', () => {
    const turns: Array<() => void> = [];
    const slices = new TurnSlices(5, (run) => turns.push(run));
    const log: number[] = [];
    slices.push(() => {
      log.push(1);
      slices.push(() => log.push(2));
    });
    turns.shift()!();
    expect(log).toEqual([1]);
    expect(turns).toHaveLength(1);
    turns.shift()!();
    expect(log).toEqual([1, 2]);
  });

  it('refuses a slice under one', () => {
    expect(() => new TurnSlices(0)).toThrow(RangeError);
  });
});
