/**
 * `node --import tsx bench/search-index/sqlite-background.ts [--messages N] [--rounds R]
 *  [--builds name=path/to/sqlite-store.ts,...]`
 *
 * The search index's background on a quiet SQLite store with a large backlog (ADR 0107, addendum
 * on paced background work): N messages are stored while the background's clock stands still, then
 * the clock runs and the background indexes them in chunks of 4,096, alone. Meanwhile a probe makes
 * an empty write every 5 ms (what any request's write waits behind), its latency counted from when
 * its timer was due. Reported per build: the probe writes' latency (mean, median, p99, the share
 * over 10 ms), the event loop's utilisation and delay (monitorEventLoopDelay) while the background
 * ran, and how long the backlog took. Each round
 * runs every build in turn, the order rotated; load average printed with each figure.
 * `--builds` names the stores compared (default: this tree's), e.g. a checkout of the build before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import type { StoreTx } from '../../src/storage/store.js';
import { probeWhileIndexed } from './probe.js';
import { twoPeopleAndTheirChat } from './two-people.js';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '120000' },
    rounds: { type: 'string', default: '3' },
    builds: { type: 'string', default: `this=${path.resolve('src/storage/sqlite/sqlite-store.ts')}` },
  },
});
const MESSAGES = Number(values.messages);
const ROUNDS = Number(values.rounds);
const BATCH = 4096;

interface Store {
  write<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
type Open = (file: string, options: object) => Store;

const builds = await Promise.all(
  values.builds.split(',').map(async (entry) => {
    const [name, file] = entry.split('=') as [string, string];
    const loaded = (await import(path.resolve(file))) as { SqliteStore: { open: Open } };
    return { name, open: loaded.SqliteStore.open.bind(loaded.SqliteStore) };
  }),
);

const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-background-'));
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < builds.length; i++) {
      const build = builds[(i + round) % builds.length]!;
      const file = path.join(dir, `${build.name}-${round}.sqlite`);
      // The background's clock stands still while the messages are stored (it never finds the store
      // quiet), then runs on real time.
      let frozen = true;
      const store = build.open(file, {
        template: null,
        checkpointWorker: false,
        searchIndex: { now: () => (frozen ? 0 : performance.now() + 1e6) },
      });
      const chat = await store.write(twoPeopleAndTheirChat);
      for (let from = 1; from <= MESSAGES; from += BATCH)
        await store.write(async (tx) => {
          for (let id = from; id < Math.min(from + BATCH, MESSAGES + 1); id++)
            await tx.insertMessage({
              chat_pk: chat,
              message_id: id,
              sender_id: 2,
              date: 1000 + id,
              edit_date: null,
              body: JSON.stringify({
                text: `Benchmark message ${String(id).padStart(8, '0')}: the quick brown fox jumps over the lazy dog, ${'and then some more text to reach the size.'.repeat(4)}`,
              }),
            });
        });
      const peek = new Database(file, { readonly: true });
      const watermark = () =>
        (
          peek
            .prepare('SELECT max(message_id) AS n FROM message_search_indexed WHERE chat_pk = ?')
            .get(chat) as {
            n: number | null;
          }
        ).n ?? 0;
      const load = os.loadavg()[0]!.toFixed(1);
      const figures = await probeWhileIndexed(
        () => store.write(async () => undefined),
        watermark,
        MESSAGES,
        () => (frozen = false),
      );
      peek.close();
      await store.close();
      rmSync(file, { force: true });
      console.log(`round ${round + 1} ${build.name}: ${figures}; load ${load}`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
