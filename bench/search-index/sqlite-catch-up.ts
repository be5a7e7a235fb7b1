/**
 * `node --import tsx bench/search-index/sqlite-catch-up.ts [--messages N] [--rounds R]
 *  [--builds name=path/to/sqlite-store.ts,...]`
 *
 * A SQLite search that has to index a chat's whole backlog first (ADR 0101, the bound's worst
 * case: 266,240 messages above the watermark): its CPU and wall time, and the longest the event
 * loop was held meanwhile (the longest gap between two turns of a loop of `setImmediate`s that runs
 * beside it). One database is filled once (its watermark left at 0: the background's clock stands
 * still), then each round copies it and searches it with each build in turn, the order rotated.
 * `--builds` names the stores compared (default: this tree's), e.g. a checkout of the build before.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { StoreTx } from '../../src/storage/store.js';
import { twoPeopleAndTheirChat } from './two-people.js';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '266240' },
    rounds: { type: 'string', default: '3' },
    builds: { type: 'string', default: `this=${path.resolve('src/storage/sqlite/sqlite-store.ts')}` },
  },
});
const MESSAGES = Number(values.messages);
const ROUNDS = Number(values.rounds);
const BATCH = 4096;

interface Store {
  write<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T>;
  searchMessages(userId: number, query: { text: string; chatPk?: number; limit: number }): Promise<unknown[]>;
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
/** The background never indexes: its clock stands still and no bound forces it. */
const options = {
  template: null,
  checkpointWorker: false,
  searchIndex: { now: () => 0, mostBehind: Number.MAX_SAFE_INTEGER },
};

const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-catch-up-'));
const template = path.join(dir, 'template.sqlite');
try {
  const filling = builds[0]!.open(template, options);
  const chat = await filling.write(twoPeopleAndTheirChat);
  for (let from = 1; from <= MESSAGES; from += BATCH)
    await filling.write(async (tx) => {
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
  await filling.close();

  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < builds.length; i++) {
      const build = builds[(i + round) % builds.length]!;
      const file = path.join(dir, `${build.name}-${round}.sqlite`);
      copyFileSync(template, file);
      const store = build.open(file, options);
      const load = os.loadavg()[0]!.toFixed(1);
      let done = false;
      let longest = 0;
      let turns = 0;
      const loop = (async () => {
        let last = performance.now();
        while (!done) {
          await new Promise((resolve) => setImmediate(resolve));
          const now = performance.now();
          longest = Math.max(longest, now - last);
          last = now;
          turns++;
        }
      })();
      const cpu = process.cpuUsage();
      const started = performance.now();
      const hits = await store.searchMessages(1, { text: 'benchmark 00000042', chatPk: chat, limit: 5 });
      const wall = performance.now() - started;
      const used = process.cpuUsage(cpu);
      done = true;
      await loop;
      await store.close();
      rmSync(file, { force: true });
      console.log(
        `round ${round + 1} ${build.name}: ${hits.length} hit(s), CPU ${((used.user + used.system) / 1e6).toFixed(2)} s, ` +
          `wall ${(wall / 1e3).toFixed(2)} s, event loop held at most ${longest.toFixed(0)} ms (${turns} turns), load ${load}`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
