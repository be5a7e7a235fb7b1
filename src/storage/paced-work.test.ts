/**
 * Paced background work (paced-work.ts): after each timed step a pause in proportion to the step
 * (four times it at the default fifth of the time), capped, and a stop that ends the loop at its
 * next pause, a pause under way included. On a fake clock and a recording pause: no timing.
 */
import { describe, expect, it } from 'vitest';
import { PacedWork, pauseAfterStep } from './paced-work.js';

/** A clock that moves only when a step says it took time. */
function fakeClock() {
  const clock = { ms: 0, now: () => clock.ms };
  return clock;
}

describe('pauseAfterStep', () => {
  it('pauses in proportion to the step, so that steps take the share, at most the cap', () => {
    expect(pauseAfterStep(0.1)).toBeCloseTo(0.4);
    expect(pauseAfterStep(2)).toBe(8);
    expect(pauseAfterStep(30)).toBe(50);
    expect(pauseAfterStep(2, 0.5)).toBe(2);
    expect(pauseAfterStep(30, 0.2, 100)).toBe(100);
    expect(pauseAfterStep(-1)).toBe(0);
  });
});

describe('PacedWork', () => {
  it('times each step on its clock and pauses four times as long after it, at most 50 ms', async () => {
    const clock = fakeClock();
    const pauses: number[] = [];
    const work = new PacedWork({ now: clock.now, pause: async (ms) => void pauses.push(ms) });
    const took = [3, 0.5, 20, 0];
    let i = 0;
    const finished = await work.repeat(() =>
      work.timed(async () => {
        clock.ms += took[i]!;
        return ++i < took.length;
      }),
    );
    expect(finished).toBe(true);
    expect(i).toBe(4);
    // A pause between two steps, none after the last.
    expect(pauses.map((ms) => Math.round(ms * 1000) / 1000)).toEqual([12, 2, 50]);
  });

  it('follows its share and cap when given', async () => {
    const clock = fakeClock();
    const pauses: number[] = [];
    const work = new PacedWork({
      share: 0.5,
      maxPauseMs: 10,
      now: clock.now,
      pause: async (ms) => void pauses.push(ms),
    });
    for (const ms of [4, 40]) {
      await work.timed(async () => void (clock.ms += ms));
      await work.pause();
    }
    expect(pauses.map((ms) => Math.round(ms * 1000) / 1000)).toEqual([4, 10]);
  });

  it('times a step that fails too', async () => {
    const clock = fakeClock();
    const work = new PacedWork({ now: clock.now });
    await expect(
      work.timed(async () => {
        clock.ms += 7;
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(work.lastStepMs).toBe(7);
  });

  it('ends at the next pause once stopped during a step, and runs again after start', async () => {
    const work = new PacedWork({ pause: async () => {} });
    let steps = 0;
    const finished = await work.repeat(async () => {
      if (++steps === 2) work.stop();
      return true;
    });
    expect([finished, steps]).toEqual([false, 2]);
    expect(await work.pause()).toBe(false);
    work.start();
    expect(await work.pause()).toBe(true);
  });

  it('cuts a pause under way short when stopped', async () => {
    // A pause that would never end on its own: only the stop ends it.
    let asked = 0;
    const work = new PacedWork({
      pause: () => {
        asked++;
        return new Promise<void>(() => {});
      },
    });
    const pausing = work.pause();
    expect(asked).toBe(1);
    work.stop();
    expect(await pausing).toBe(false);
  });
});
