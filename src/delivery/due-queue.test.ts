import { afterEach, expect, it, vi } from 'vitest';
import { SystemClock } from '../platform/core/clock.js';
import { DueQueue } from './due-queue.js';

afterEach(() => {
  vi.useRealTimers();
});

const T0 = Date.UTC(2026, 10, 1);

function queue() {
  vi.useFakeTimers({ now: T0 });
  const clock = new SystemClock();
  const due: number[] = [];
  const q = new DueQueue<number>(clock, (key) => due.push(key));
  return { clock, due, q };
}

it('hands out keys at their times, earliest first, each once', () => {
  const { due, q } = queue();
  q.schedule(3, T0 + 300);
  q.schedule(1, T0 + 100);
  q.schedule(2, T0 + 200);
  vi.advanceTimersByTime(150);
  expect(due).toEqual([1]);
  vi.advanceTimersByTime(1000);
  expect(due).toEqual([1, 2, 3]);
  expect(q.size).toBe(0);
});

it('holds one timer however many keys wait', () => {
  const { q } = queue();
  for (let key = 0; key < 10_000; key++) q.schedule(key, T0 + 30_000 + key);
  expect(vi.getTimerCount()).toBe(1);
  q.stop();
  expect(vi.getTimerCount()).toBe(0);
});

it('replaces a key’s time, earlier or later, and forgets a cancelled key', () => {
  const { due, q } = queue();
  q.schedule(1, T0 + 100);
  q.schedule(1, T0 + 500);
  q.schedule(2, T0 + 300);
  q.schedule(2, T0 + 50);
  q.schedule(3, T0 + 10);
  q.cancel(3);
  vi.advanceTimersByTime(200);
  expect(due).toEqual([2]);
  vi.advanceTimersByTime(400);
  expect(due).toEqual([2, 1]);
});

it('hands out what an advance of the virtual clock made due, and only that', () => {
  const { clock, due, q } = queue();
  q.schedule(1, T0 + 60_000);
  q.schedule(2, T0 + 3_600_000);
  clock.advance(120_000);
  expect(due).toEqual([1]);
  expect(q.dueAt(2)).toBe(T0 + 3_600_000);
});

it('lets a key be scheduled again from its own hand-out', () => {
  vi.useFakeTimers({ now: T0 });
  const clock = new SystemClock();
  let count = 0;
  const q: DueQueue<string> = new DueQueue<string>(clock, (key) => {
    count += 1;
    if (count < 3) q.schedule(key, clock.nowMs() + 1000);
  });
  q.schedule('bot', T0 + 1000);
  vi.advanceTimersByTime(10_000);
  expect(count).toBe(3);
});

it('keeps its heap bounded by the live keys when times are replaced often', () => {
  const { due, q } = queue();
  for (let round = 0; round < 100; round++)
    for (let key = 0; key < 100; key++) q.schedule(key, T0 + 1000 + round * 10 + key);
  expect(q.size).toBe(100);
  vi.advanceTimersByTime(10_000);
  expect(due.sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i));
});
