/**
 * What goes ahead with a commit (pg-write-lane.ts) takes the next transaction's snapshot as that
 * commit ends; a write asked after the commit was sent must not join that transaction: it may be
 * about rows another connection changed since (a webhook's delivered update, deleted after the
 * claim that leased it), which SERIALIZABLE refuses, and the whole batch would run again. Skipped
 * without a PostgreSQL server (contracts/postgres.ts).
 *
 * The test holds the lane's commit in the database (a row its waiting statement writes is locked
 * by another connection) and then the event loop (a synchronous wait), so that, in this order: the
 * commit ends and the next transaction's snapshot is taken, another connection changes an update
 * row, and the update's delete is asked, before the lane hears its commit's answer.
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PgStore } from './pg-store.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { dropSchema, postgresAvailable, testSchema, TEST_POSTGRES_URL } from '../contracts/postgres.js';
import { bot, chat, update, user } from '../contracts/fixtures.js';

const BOTS = [10, 11, 12];

/**
 * Holds the event loop until `sql`'s first value (asked by another process, since this one's loop
 * is held) is `expected`, with a deadline.
 */
function holdUntil(sql: string, expected: string): void {
  const script = `const pg = require('pg'); const c = new pg.Client(process.argv[1]);
    c.connect().then(() => c.query(process.argv[2])).then((r) => { console.log(String(Object.values(r.rows[0] ?? {})[0])); return c.end(); });`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const run = spawnSync(process.execPath, ['-e', script, TEST_POSTGRES_URL, sql], { encoding: 'utf8' });
    if (run.stdout.trim() === expected) return;
    if (Date.now() > deadline) throw new Error(`gave up holding for ${sql}: ${run.stdout}${run.stderr}`);
  }
}

describe.skipIf(!postgresAvailable)('PostgreSQL: a write asked after the rows went ahead', () => {
  let schema: string;
  let store: PgStore;
  let chatPk: number;
  const others: pg.Client[] = [];

  beforeEach(async () => {
    schema = testSchema();
    store = await PgStore.open({ url: TEST_POSTGRES_URL, schema, poolSize: 3 });
    chatPk = await store.write(async (tx) => {
      for (const id of BOTS) {
        await tx.insertUser(user(id, { is_bot: true, phone_number: null, username: `snap_${id}_bot` }));
        await tx.insertBot(bot(id));
      }
      await tx.insertUser(user(1));
      await tx.insertUpdate(update(10, 1));
      const pk = await tx.insertChat(chat({ id: -77, type: 'group', title: 'G' }));
      await tx.upsertMember({ chat_pk: pk, user_id: 1, status: 'member', data: '{}', updated_at: 1 });
      return pk;
    });
  });

  afterEach(async () => {
    for (const client of others.splice(0)) await client.end().catch(() => undefined);
    await store.close();
    await dropSchema(schema);
  });

  async function connection(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await client.connect();
    await client.query(`SET search_path TO ${schema}`);
    others.push(client);
    return client;
  }

  it('runs in a transaction of its own, not again after a conflict', async () => {
    const [memberLock, updateLock, claim, watch] = [
      await connection(),
      await connection(),
      await connection(),
      await connection(),
    ];
    await memberLock.query('BEGIN');
    await memberLock.query('SELECT 1 FROM chat_members WHERE chat_pk = $1 FOR UPDATE', [chatPk]);
    await updateLock.query('BEGIN');
    await updateLock.query('SELECT 1 FROM updates WHERE bot_id = 10 FOR UPDATE');
    // Another connection's change of the update row, held back by the lock above.
    const claimed = claim.query("UPDATE updates SET lease_owner = 'other' WHERE bot_id = 10");

    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // A write whose commit waits in the database for the member's lock (its upsert goes with it).
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    const first = store.write({ bot: 12 }, async (tx) => {
      started();
      await gate;
      await tx.upsertMember({ chat_pk: chatPk, user_id: 1, status: 'member', data: '{}', updated_at: 2 });
    });
    await inside;
    // Queued while that runs: its bot's row goes ahead with the commit (the next snapshot).
    const second = store.write({ bot: 11 }, async (tx) => (await tx.getBot(11))?.id);
    open();
    // The upsert waits in the database for the member's lock.
    await waitFor(
      async () => {
        const { rows } = await watch.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND query ILIKE '%chat_members%'`,
        );
        return rows[0]!.n > 0;
      },
      { intervalMs: 5, what: 'the upsert waiting for its lock' },
    );
    const before = store.reruns.serialization;
    // The commit ends, the next snapshot is taken; the update row changes 100 ms later.
    void memberLock.query('COMMIT');
    void updateLock.query('SELECT pg_sleep(0.1); COMMIT');
    // The event loop held until the update row changed: the lane does not hear its commit yet.
    holdUntil(`SELECT lease_owner FROM ${schema}.updates WHERE bot_id = 10`, 'other');
    const third = store.write({ bot: 10 }, async (tx) => tx.deleteUpdates(10, [1]));
    expect(await Promise.all([first, second, third])).toEqual([undefined, 11, undefined]);
    await claimed;
    expect(store.reruns.serialization - before).toBe(0);
    expect(await store.countUpdates(10)).toBe(0);
  });
});
