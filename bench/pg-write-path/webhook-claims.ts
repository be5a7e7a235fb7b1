/**
 * `node --import tsx bench/pg-write-path/webhook-claims.ts [--rounds 15]` (PostgreSQL at
 * PARLEY_TEST_POSTGRES)
 *
 * What one claim of a webhook bot's updates costs on PostgreSQL (pg-job-claims.ts `claimUpdates`,
 * a page of 500 as bot-delivery.ts asks), in three queues: a busy group's (one chat: 500 updates
 * claimed ahead by this node and being delivered, 2,000 more waiting), many private chats' (2,000
 * chats, one update each), and a bot whose webhook fails (20,000 updates waiting for their retry,
 * none due). Each claim's rows are given back before the next; the median and worst of `rounds`.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { PgStore } from '../../src/storage/postgres/pg-store.js';
import { dropSchema, TEST_POSTGRES_URL } from '../../src/storage/contracts/postgres-server.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '15' } } });
const rounds = Number(values.rounds);
const schema = `parley_bench_claims_${process.pid}`;
const ME = 'node-a';
const NOW = 1_000_000;
const lease = { owner: ME, now: NOW, until: NOW + 60_000 };

interface Queue {
  name: string;
  /** Rows: [queue_key, leased to this node, due]. */
  rows: Array<[string, boolean, boolean]>;
}

const queues: Queue[] = [
  {
    name: 'a busy group (500 being delivered, 2,000 waiting)',
    rows: Array.from({ length: 2_500 }, (_, i) => ['g1', i < 500, true] as [string, boolean, boolean]),
  },
  {
    name: '2,000 private chats, one update each',
    rows: Array.from({ length: 2_000 }, (_, i) => [`p${i}`, false, true] as [string, boolean, boolean]),
  },
  {
    name: 'a failing webhook (20,000 waiting for their retry)',
    rows: Array.from(
      { length: 20_000 },
      (_, i) => [`p${i % 300}`, false, false] as [string, boolean, boolean],
    ),
  },
];

const store = await PgStore.open({ url: TEST_POSTGRES_URL, schema, poolSize: 6 });
try {
  for (const [q, queue] of queues.entries()) {
    const bot = 900_000 + q;
    await store.pool.query(
      `INSERT INTO updates (bot_id, update_id, type, payload, queue_key, created_at, expires_at,
         next_attempt_at, lease_owner, lease_until)
       SELECT $1, n, 'message', '{}', k, 0, 9e15, CASE WHEN d THEN 0 ELSE $3 END,
         CASE WHEN l THEN $2 END, CASE WHEN l THEN $4::bigint END
       FROM unnest($5::text[], $6::boolean[], $7::boolean[]) WITH ORDINALITY AS r(k, l, d, n)`,
      [
        bot,
        ME,
        NOW + 3_600_000,
        lease.until,
        queue.rows.map((r) => r[0]),
        queue.rows.map((r) => r[1]),
        queue.rows.map((r) => r[2]),
      ],
    );
    await store.pool.query('VACUUM ANALYZE updates');
    const times: number[] = [];
    let claimed = 0;
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now();
      const rows = await store.jobs.claimUpdates(bot, lease, NOW, 500);
      times.push(performance.now() - t0);
      claimed = rows.length;
      await store.pool.query(
        'UPDATE updates SET lease_owner = NULL, lease_until = NULL WHERE bot_id = $1 AND update_id = ANY($2::bigint[])',
        [bot, rows.map((r) => r.update_id)],
      );
    }
    times.sort((a, b) => a - b);
    process.stdout.write(
      `${queue.name}: ${claimed} claimed; median ${times[times.length >> 1]!.toFixed(1)} ms, worst ${times.at(-1)!.toFixed(1)} ms\n`,
    );
  }
} finally {
  await store.close();
  await dropSchema(schema);
}
