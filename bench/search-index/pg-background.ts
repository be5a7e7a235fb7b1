/**
 * `node --import tsx bench/search-index/pg-background.ts [--messages N] [--rounds R]
 *  [--builds name=path/to/pg-store.ts,...]`
 *
 * sqlite-background.ts on PostgreSQL (the server on this machine): N messages stored while the
 * search index's background clock stands still, then the background indexes them in chunks of
 * 4,096 on a connection of its own, alone, while a probe makes an empty write every 5 ms (through
 * the write connection, what a request's write waits behind), its latency counted from when its
 * timer was due. Reported per build: the probe writes' latency (mean, median, p99, the share over
 * 10 ms), the event loop's utilisation and delay while the background ran, and how long it took.
 * Each build's schema is `pace31_bg_<build>_<round>`, dropped after. Load average printed.
 */
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { dropSchema, TEST_POSTGRES_URL } from '../../src/storage/contracts/postgres-server.js';
import type { StoreTx } from '../../src/storage/store.js';
import { twoPeopleAndTheirChat } from './two-people.js';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '120000' },
    rounds: { type: 'string', default: '3' },
    builds: { type: 'string', default: `this=${path.resolve('src/storage/postgres/pg-store.ts')}` },
  },
});
const MESSAGES = Number(values.messages);
const ROUNDS = Number(values.rounds);
const BATCH = 4096;

interface Store {
  write<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
type Open = (options: object) => Promise<Store>;

const builds = await Promise.all(
  values.builds.split(',').map(async (entry) => {
    const [name, file] = entry.split('=') as [string, string];
    const loaded = (await import(path.resolve(file))) as { PgStore: { open: Open } };
    return { name, open: loaded.PgStore.open.bind(loaded.PgStore) };
  }),
);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

const schemas: string[] = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < builds.length; i++) {
      const build = builds[(i + round) % builds.length]!;
      const schema = `pace31_bg_${build.name}_${round}`;
      schemas.push(schema);
      await dropSchema(schema);
      // The background's clock stands still while the messages are stored (it never finds the store
      // quiet), then runs on real time.
      let frozen = true;
      const store = await build.open({
        url: TEST_POSTGRES_URL,
        schema,
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
      const peek = new pg.Client({
        connectionString: TEST_POSTGRES_URL,
        options: `-c search_path=${schema}`,
      });
      await peek.connect();
      const watermark = async () =>
        Number(
          (
            await peek.query('SELECT max(message_id) AS n FROM message_search_indexed WHERE chat_pk = $1', [
              chat,
            ])
          ).rows[0]?.n ?? 0,
        );
      const load = os.loadavg()[0]!.toFixed(1);
      let done = false;
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      // Each probe's latency counts from when its timer was due (a held loop delays the timer too).
      const latencies: number[] = [];
      const probe = (async () => {
        while (!done) {
          const due = performance.now() + 5;
          await new Promise((resolve) => setTimeout(resolve, 5));
          await store.write(async () => undefined);
          latencies.push(performance.now() - due);
        }
      })();
      const elu = performance.eventLoopUtilization();
      const started = performance.now();
      frozen = false;
      while ((await watermark()) < MESSAGES) await new Promise((resolve) => setTimeout(resolve, 20));
      const wall = performance.now() - started;
      const used = performance.eventLoopUtilization(elu);
      done = true;
      await probe;
      delay.disable();
      await peek.end();
      await store.close();
      await dropSchema(schema);
      const sorted = latencies.sort((a, b) => a - b);
      const late = sorted.filter((ms) => ms > 10).length / sorted.length;
      const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
      console.log(
        `round ${round + 1} ${build.name}: ${MESSAGES} indexed in ${(wall / 1e3).toFixed(2)} s, ` +
          `event loop ${(used.utilization * 100).toFixed(0)} % used, probe writes (${sorted.length}): mean ${mean.toFixed(1)} ms, ` +
          `p50 ${quantile(sorted, 0.5).toFixed(1)}, p99 ${quantile(sorted, 0.99).toFixed(1)}, ${(late * 100).toFixed(0)} % over 10 ms; load ${load}`,
      );
    }
  }
} finally {
  for (const schema of schemas) await dropSchema(schema);
}
