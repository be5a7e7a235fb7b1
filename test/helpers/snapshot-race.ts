/**
 * Two nodes on one PostgreSQL schema whose writes run at snapshot isolation (REPEATABLE READ, ADR
 * 0129), for tests that race two writes deciding on the same rows: the first write, its fn done,
 * holds its commit until the second has finished or waits for a row the first holds; then both
 * settle. A rule guarded by `guardWrite` (ports/settings.ts) lets the first commit and runs the
 * second again after it, which then decides on the first's rows.
 */
import { tmpdir } from 'node:os';
import { assemblePlatform, type Platform } from '../../src/platform/assembly/platform.js';
import { SystemClock } from '../../src/platform/core/clock.js';
import { EventBus } from '../../src/platform/core/event-bus.js';
import { cryptoRandom } from '../../src/platform/core/random.js';
import { dropSchema, TEST_POSTGRES_URL, testSchema } from '../../src/storage/contracts/postgres.js';
import { PgStore } from '../../src/storage/postgres/pg-store.js';
import type { Store } from '../../src/storage/store.js';
import { waitFor } from './wait-for.js';

export interface SnapshotNodes {
  stores: [PgStore, PgStore];
  platforms: [Platform, Platform];
  /**
   * Runs `first` on the first node and, once its write holds its commit, `second` on the second;
   * answers how each settled.
   */
  race<A, B>(
    first: (platform: Platform) => Promise<A>,
    second: (platform: Platform) => Promise<B>,
  ): Promise<[PromiseSettledResult<A>, PromiseSettledResult<B>]>;
  close(): Promise<void>;
}

export async function openSnapshotNodes(): Promise<SnapshotNodes> {
  const schema = testSchema();
  const open = () =>
    PgStore.open({ url: TEST_POSTGRES_URL, schema, poolSize: 3, isolation: 'REPEATABLE READ' });
  const stores: [PgStore, PgStore] = [await open(), await open()];
  const platforms = stores.map((store) =>
    assemblePlatform({
      store,
      clock: new SystemClock(),
      random: cryptoRandom,
      bus: new EventBus(),
      config: { profile: 'local' },
      filesDir: tmpdir(),
    }),
  ) as [Platform, Platform];
  const [first, second] = stores;
  // The first store's writes wait for `hold`, when set, after their fn and before their commit.
  let hold: (() => Promise<void>) | undefined;
  const write = first.write.bind(first) as Store['write'];
  first.write = ((key: unknown, fn?: unknown) => {
    const [k, f] = typeof key === 'function' ? [undefined, key] : [key, fn];
    return write(k as never, async (tx) => {
      const value = await (f as (tx: unknown) => Promise<unknown>)(tx);
      if (hold) await hold();
      return value;
    });
  }) as Store['write'];
  const waiting = async () =>
    (
      await first.pool.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND datname = current_database()`,
      )
    ).rows[0].n > 0;

  return {
    stores,
    platforms,
    async race(one, two) {
      let secondDone = false;
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      hold = async () => {
        hold = undefined;
        holding();
        await waitFor(async () => secondDone || (await waiting()), {
          intervalMs: 5,
          what: 'the second write to finish or wait',
        });
      };
      const a = one(platforms[0]);
      // A first call that fails before its write holds must not leave the race waiting.
      await Promise.race([held, a.catch(() => undefined)]);
      const b = two(platforms[1]).finally(() => (secondDone = true));
      return Promise.all([Promise.allSettled([a]), Promise.allSettled([b])]).then(([[x], [y]]) => [x!, y!]);
    },
    async close() {
      await first.close();
      await second.close();
      await dropSchema(schema);
    },
  };
}
