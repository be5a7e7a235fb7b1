/**
 * `node --import tsx bench/search-index/pg-insert-cost.ts [--rows N] [--rounds R]`
 *
 * What PostgreSQL's message search costs a message's insert (ADR 0101, addendum on migration 028):
 * the database's CPU (the backend's, read from /proc: the server runs on this machine) and wall
 * time per single-row insert into `messages`, under each way of keeping the index:
 *
 * - `gin`: 026's GIN index over the tsvector expression (fastupdate, the 4 MB pending list);
 * - `gin-64k`: the same with a 64 kB pending list (cleaned up sixty times as often);
 * - `gin-nofast`: the same without fastupdate (each insert writes the GIN tree);
 * - `watermark`: 028, nothing for the index on the insert; the messages are then indexed in
 *   chunks of 4,096 (tables/message-search.ts `indexMessages`), measured apart (`chunks`), with the
 *   table's GIN index as the migration makes it and without fastupdate (`chunks-nofast`).
 *
 * Each variant has a schema of its own made by the adapter's migrations; the inserts are a plpgsql
 * loop, one statement each in one transaction, bench-sized texts (scenario 1's). The variants run
 * in turn, in a rotated order each round; medians over the rounds. Load average printed.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { processCpuSeconds } from '../lib/load.js';
import { PgStore } from '../../src/storage/postgres/pg-store.js';
import { PgSql } from '../../src/storage/postgres/pg-sql.js';
import { indexMessages } from '../../src/storage/postgres/tables/message-search.js';
import { dropSchema, TEST_POSTGRES_URL } from '../../src/storage/contracts/postgres-server.js';
import { twoPeopleAndTheirChat } from './two-people.js';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '20000' }, rounds: { type: 'string', default: '5' } },
});
const ROWS = Number(values.rows);
const ROUNDS = Number(values.rounds);
const CHUNK = 4096;

const TSV =
  "to_tsvector('simple', translate(coalesce(body::jsonb ->> 'text', body::jsonb ->> 'caption'), '/.@:_-+~#&?=%<>', '               '))";
const VARIANTS = {
  gin: `CREATE INDEX messages_search ON messages USING gin (${TSV})`,
  'gin-64k': `CREATE INDEX messages_search ON messages USING gin (${TSV}) WITH (gin_pending_list_limit = 64)`,
  'gin-nofast': `CREATE INDEX messages_search ON messages USING gin (${TSV}) WITH (fastupdate = off)`,
  watermark: '',
  'watermark-nofast': 'ALTER INDEX message_search_words SET (fastupdate = off)',
} as const;
type Variant = keyof typeof VARIANTS;

interface Target {
  variant: Variant;
  schema: string;
  client: pg.Client;
  pid: number;
  chat: number;
  next: number;
}

async function target(variant: Variant): Promise<Target> {
  const schema = `search_cost_${variant.replace(/-/g, '_')}_${process.pid}`;
  await dropSchema(schema);
  const store = await PgStore.open({ url: TEST_POSTGRES_URL, schema, poolSize: 2 });
  const chat = await store.write(twoPeopleAndTheirChat);
  await store.close();
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, options: `-c search_path=${schema}` });
  await client.connect();
  if (VARIANTS[variant].startsWith('CREATE')) await client.query('DROP INDEX IF EXISTS messages_search');
  if (VARIANTS[variant]) await client.query(VARIANTS[variant]);
  const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  return { variant, schema, client, pid, chat, next: 1 };
}

/** Backend CPU and wall time of `run`, in µs per row. */
async function measure(t: Target, rows: number, run: () => Promise<unknown>) {
  const cpu = processCpuSeconds(t.pid);
  const started = performance.now();
  await run();
  const wall = performance.now() - started;
  return {
    cpu: ((processCpuSeconds(t.pid) - cpu) * 1e6) / rows,
    wall: (wall * 1e3) / rows,
  };
}

async function insertRows(t: Target) {
  const from = t.next;
  t.next += ROWS;
  // Scenario 1's text (bench/lib/parley.ts sendMessageBody), one row a statement.
  return measure(t, ROWS, () =>
    t.client.query(`DO $$ BEGIN
      FOR i IN ${from}..${from + ROWS - 1} LOOP
        INSERT INTO messages (chat_pk, message_id, sender_id, date, edit_date, body)
        VALUES (${t.chat}, i, 2, 1000 + i, NULL, json_build_object('text',
          'Benchmark message ' || lpad(i::text, 8, '0') || ': the quick brown fox jumps over the lazy dog, '
          || repeat('and then some more text to reach the size.', 4))::text);
      END LOOP; END $$`),
  );
}

/** Indexes what the inserts left above the watermark, in chunks of CHUNK, as the store does. */
async function indexChunks(t: Target) {
  const sql = new PgSql(t.client);
  return measure(t, ROWS, async () => {
    for (let done = 0; done < ROWS; done += CHUNK)
      await indexMessages(sql, { chats: [[t.chat, CHUNK]], ephemeral: 0 });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const targets: Target[] = [];
for (const variant of Object.keys(VARIANTS) as Variant[]) targets.push(await target(variant));
const results = new Map<string, Array<{ cpu: number; wall: number }>>();
const record = (name: string, value: { cpu: number; wall: number }) =>
  results.set(name, [...(results.get(name) ?? []), value]);
try {
  for (let round = 0; round < ROUNDS; round++) {
    const load = os.loadavg()[0]!.toFixed(1);
    const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
    for (const t of order) {
      const insert = await insertRows(t);
      record(`insert ${t.variant}`, insert);
      let line = `round ${round + 1} load ${load} ${t.variant}: insert ${insert.cpu.toFixed(1)} µs CPU, ${insert.wall.toFixed(1)} µs wall`;
      if (t.variant.startsWith('watermark')) {
        const chunks = await indexChunks(t);
        record(`chunks ${t.variant}`, chunks);
        line += `; chunks ${chunks.cpu.toFixed(1)} µs CPU, ${chunks.wall.toFixed(1)} µs wall a message`;
      }
      console.log(line);
    }
  }
  console.log(
    `\nmedians over ${ROUNDS} rounds of ${ROWS} rows (load average now ${os.loadavg().join(', ')}):`,
  );
  for (const [name, list] of results)
    console.log(
      `${name.padEnd(24)} ${median(list.map((r) => r.cpu)).toFixed(1)} µs CPU, ${median(list.map((r) => r.wall)).toFixed(1)} µs wall`,
    );
} finally {
  for (const t of targets) {
    await t.client.end();
    await dropSchema(t.schema);
  }
}
