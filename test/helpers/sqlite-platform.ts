/**
 * A platform on a throwaway in-memory SQLite store, with the system clock and the in-process event
 * bus: what a unit test of a worker needs without a server.
 */
import { tmpdir } from 'node:os';
import { SystemClock } from '../../src/platform/core/clock.js';
import { EventBus } from '../../src/platform/core/event-bus.js';
import { assemblePlatform, type Platform } from '../../src/platform/assembly/platform.js';
import { cryptoRandom } from '../../src/platform/core/random.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';

export function sqlitePlatform(): { store: SqliteStore; platform: Platform } {
  const store = SqliteStore.open(':memory:');
  const platform = assemblePlatform({
    store,
    clock: new SystemClock(),
    random: cryptoRandom,
    bus: new EventBus(),
    config: { profile: 'local' },
    filesDir: tmpdir(),
  });
  return { store, platform };
}
