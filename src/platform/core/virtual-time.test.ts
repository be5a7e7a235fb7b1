/**
 * The virtual clock is one clock for every process on one database: an advance is stored by an
 * atomic increment and published on the event port, and each process's clock follows it.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { EventBus } from './event-bus.js';
import { loadClock, VirtualTime } from './virtual-time.js';
import { SqliteStore } from '../../storage/sqlite/sqlite-store.js';

let store: SqliteStore;
beforeEach(() => {
  store = SqliteStore.open(':memory:');
});
afterEach(async () => {
  await store.close();
});

it('moves the clocks of two processes sharing the store and the event port', async () => {
  const bus = new EventBus();
  const clockA = await loadClock(store);
  const clockB = await loadClock(store);
  const a = new VirtualTime(clockA, store, 'local', bus);
  const b = new VirtualTime(clockB, store, 'local', bus);
  await Promise.all([a.advance(60), b.advance(3600)]);
  // Both advances count, whichever committed first, and both clocks show their sum.
  expect(clockA.offsetMs()).toBe(3_660_000);
  expect(clockB.offsetMs()).toBe(3_660_000);
  // A process started later reads the stored offset.
  expect((await loadClock(store)).offsetMs()).toBe(3_660_000);
});

it('never moves a clock back on a late or repeated event', async () => {
  const bus = new EventBus();
  const clock = await loadClock(store);
  const time = new VirtualTime(clock, store, 'local', bus);
  await time.advance(100);
  bus.emit('clock.advanced', { offsetMs: 50_000 });
  expect(clock.offsetMs()).toBe(100_000);
});
