import { afterEach, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { SystemClock } from '../platform/core/clock.js';
import type { TimedJob } from '../platform/core/timed-jobs.js';
import type { JobClaims } from '../storage/ports/jobs.js';
import { ClockSweeps } from './clock-sweep.js';
import { JobClaimant } from './job-claimant.js';

afterEach(() => {
  vi.useRealTimers();
});

const T0 = Date.UTC(2026, 10, 1);
const MINUTE = 60_000;

/** Five timed jobs that count their passes, on a clock whose live advance subscriptions are counted. */
function world() {
  vi.useFakeTimers({ now: T0 });
  const clock = new SystemClock();
  let subscribed = 0;
  const onAdvance = clock.onAdvance.bind(clock);
  clock.onAdvance = (listener) => {
    subscribed++;
    const off = onAdvance(listener);
    return () => {
      subscribed--;
      off();
    };
  };
  const claims = { claimSweep: () => Promise.resolve(true), release: () => Promise.resolve() };
  const claimant = new JobClaimant(claims as unknown as JobClaims);
  const passes = [0, 0, 0, 0, 0];
  const jobs: TimedJob[] = passes.map((_, i) => ({
    name: `job${i}`,
    failure: `job ${i} failed`,
    run: () => {
      passes[i]!++;
      return Promise.resolve(undefined);
    },
    next: () => Promise.resolve(undefined),
  }));
  const log = { error: () => {} } as unknown as FastifyBaseLogger;
  const sweeps = new ClockSweeps(clock, log, claimant, jobs);
  return { clock, sweeps, passes, subscriptions: () => subscribed };
}

it("holds one timer and two clock subscriptions for a world's sweeps, and none once stopped", async () => {
  const { sweeps, subscriptions } = world();
  sweeps.start(true);
  expect(vi.getTimerCount()).toBe(1);
  expect(subscriptions()).toBe(2);
  await sweeps.stop();
  expect(vi.getTimerCount()).toBe(0);
  expect(subscriptions()).toBe(0);
});

it('runs each sweep a minute after a fresh start, when the clock moves, and at least every minute', async () => {
  const { clock, sweeps, passes } = world();
  sweeps.start(true);
  await vi.advanceTimersByTimeAsync(MINUTE - 1000);
  expect(passes).toEqual([0, 0, 0, 0, 0]);
  // The passes start on the next turn of the event loop (DueLoop.kick).
  await vi.advanceTimersByTimeAsync(1001);
  expect(passes).toEqual([1, 1, 1, 1, 1]);
  clock.advance(1000);
  await vi.advanceTimersByTimeAsync(0);
  expect(passes).toEqual([2, 2, 2, 2, 2]);
  // A minute after the last pass, without an advance of the clock: the shared wake.
  await vi.advanceTimersByTimeAsync(MINUTE - 1);
  expect(passes).toEqual([2, 2, 2, 2, 2]);
  await vi.advanceTimersByTimeAsync(2);
  expect(passes).toEqual([3, 3, 3, 3, 3]);
  // A kick in flight is waited for (its turn of the event loop is a fake timer here).
  const stopped = sweeps.stop();
  await vi.advanceTimersByTimeAsync(0);
  await stopped;
  const after = [...passes];
  clock.advance(MINUTE);
  await vi.advanceTimersByTimeAsync(10 * MINUTE);
  expect(passes).toEqual(after);
});

it('runs each sweep at once on a start that is not fresh', async () => {
  const { sweeps, passes } = world();
  sweeps.start();
  await vi.advanceTimersByTimeAsync(0);
  expect(passes).toEqual([1, 1, 1, 1, 1]);
  await sweeps.stop();
});
