/**
 * A platform on a store a test opened, SQLite or PostgreSQL (`platformOn`), or on a throwaway
 * in-memory SQLite store (`sqlitePlatform`), with the system clock and the in-process event bus:
 * what a unit test of a worker needs without a server.
 */
import { tmpdir } from 'node:os';
import { SystemClock } from '../../src/platform/core/clock.js';
import { EventBus } from '../../src/platform/core/event-bus.js';
import { assemblePlatform, type Platform } from '../../src/platform/assembly/platform.js';
import { cryptoRandom } from '../../src/platform/core/random.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import type { Store } from '../../src/storage/store.js';

export function platformOn(store: Store): Platform {
  return assemblePlatform({
    store,
    clock: new SystemClock(),
    random: cryptoRandom,
    bus: new EventBus(),
    config: { profile: 'local' },
    filesDir: tmpdir(),
  });
}

export function sqlitePlatform(): { store: SqliteStore; platform: Platform } {
  const store = SqliteStore.open(':memory:');
  return { store, platform: platformOn(store) };
}
