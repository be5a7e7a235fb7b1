/**
 * The loops kicked in one turn of the event loop start in one task (due-loop.ts `nextTurn`, ADR
 * 0126): what each asks before its first wait is asked before the microtasks any of them queued, so
 * that PostgreSQL's claims of several bots go in one transaction.
 */
import { expect, it } from 'vitest';
import { SystemClock } from '../platform/core/clock.js';
import { DueLoop } from './due-loop.js';

it('starts the loops kicked in one turn one after another, before the microtasks they queue', async () => {
  const order: string[] = [];
  let finished = 0;
  let done!: () => void;
  const all = new Promise<void>((resolve) => (done = resolve));
  const loops = ['a', 'b', 'c'].map(
    (name) =>
      new DueLoop(
        new SystemClock(),
        async () => {
          order.push(`pump ${name}`);
          // What a claim schedules: its transaction begins in a microtask.
          queueMicrotask(() => order.push(`microtask ${name}`));
          if (++finished === 3) done();
          return undefined;
        },
        (error) => {
          throw error;
        },
      ),
  );
  for (const loop of loops) loop.kick();
  await all;
  await new Promise((resolve) => setImmediate(resolve));
  expect(order).toEqual(['pump a', 'pump b', 'pump c', 'microtask a', 'microtask b', 'microtask c']);
  await Promise.all(loops.map((loop) => loop.stop()));
});
