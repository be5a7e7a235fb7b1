/**
 * Migration 027 (ADR 0106, addendum): two SERIALIZABLE transactions that take the counters of
 * different chats (or bots) do not meet. On pages filled to the brim, an increment does not fit
 * beside its row, so it is not HOT: it inserts index entries into the primary key's leaf page that
 * the other transaction read (and predicate-locked), each way round, and PostgreSQL fails one of them
 * (the control below shows the scenario does fail so). With the migration's fillfactor, and its
 * rewrite of the rows already there, the increments stay HOT and both commit. Skipped without a
 * PostgreSQL server (contracts/postgres.ts).
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PgStore } from './pg-store.js';
import { dropSchema, postgresAvailable, testSchema, TEST_POSTGRES_URL } from '../contracts/postgres.js';

const MIGRATION = readFileSync(new URL('./migrations/027-hot-counters.sql', import.meta.url), 'utf8');
const ROWS = 200;

/** A table's counter, as the adapter increments it (tables/chats.ts, tables/users.ts). */
const INCREMENTS = {
  chats: 'UPDATE chats SET last_message_id = last_message_id + 1 WHERE pk = $1 RETURNING last_message_id',
  bots: 'UPDATE bots SET last_update_id = last_update_id + 1, last_update_at = 1 WHERE id = $1 RETURNING last_update_id',
} as const;

type Table = keyof typeof INCREMENTS;

describe.skipIf(!postgresAvailable)(
  'PostgreSQL counters of different rows in concurrent transactions',
  () => {
    let schema: string;
    let store: PgStore;
    let clients: pg.Client[];

    beforeEach(async () => {
      schema = testSchema();
      store = await PgStore.open({ url: TEST_POSTGRES_URL, schema, poolSize: 2 });
      clients = [];
      for (let i = 0; i < 2; i++) {
        const client = new pg.Client({
          connectionString: TEST_POSTGRES_URL,
          options: `-c search_path=${schema}`,
        });
        await client.connect();
        // As the write connections do (pg-write-lane.ts): index scans, not whole-table reads.
        await client.query('SET enable_seqscan = off');
        clients.push(client);
      }
    });

    afterEach(async () => {
      for (const client of clients) await client.end();
      await store.close();
      await dropSchema(schema);
    });

    /** Fills `table` with ROWS rows, its pages filled to `fillfactor`; answers its keys. */
    async function fill(table: Table, fillfactor: number): Promise<number[]> {
      await store.pool.query(`ALTER TABLE ${table} SET (fillfactor = ${fillfactor})`);
      await store.pool.query(
        `INSERT INTO users (id, is_bot, first_name, created_at)
       SELECT 5000 + g, true, 'b', 1 FROM generate_series(1, ${ROWS}) AS g`,
      );
      if (table === 'bots') {
        await store.pool.query(
          `INSERT INTO bots (id, token_secret, can_join_groups, can_read_all_group_messages,
           supports_inline_queries, last_update_id)
         SELECT 5000 + g, 'secret', true, false, false, 0 FROM generate_series(1, ${ROWS}) AS g`,
        );
        return Array.from({ length: ROWS }, (_, i) => 5001 + i);
      }
      const { rows } = await store.pool.query<{ pk: number }>(
        `INSERT INTO chats (type, user_a, user_b, created_at)
       SELECT 'private', g, 5000 + g, 1 FROM generate_series(1, ${ROWS}) AS g RETURNING pk`,
      );
      return rows.map((row) => Number(row.pk)).sort((a, b) => a - b);
    }

    /**
     * Two transactions, interleaved: each increments one row's counter, then the other increments a
     * second row's, then the first a second one; both commit. Answers the SQLSTATEs of what failed.
     */
    async function interleave(table: Table, keys: number[]): Promise<string[]> {
      const [a, b] = clients as [pg.Client, pg.Client];
      const failures: string[] = [];
      const step = async (client: pg.Client, sql: string, params: unknown[] = []) => {
        try {
          await client.query(sql, params);
          return true;
        } catch (error) {
          failures.push((error as { code?: string }).code ?? String(error));
          await client.query('ROLLBACK');
          return false;
        }
      };
      const alive = new Map<pg.Client, boolean>([
        [a, true],
        [b, true],
      ]);
      const run = async (client: pg.Client, sql: string, params: unknown[] = []) => {
        if (alive.get(client)) alive.set(client, await step(client, sql, params));
      };
      await run(a, 'BEGIN ISOLATION LEVEL SERIALIZABLE');
      await run(a, INCREMENTS[table], [keys[0]]);
      await run(b, 'BEGIN ISOLATION LEVEL SERIALIZABLE');
      await run(b, INCREMENTS[table], [keys[1]]);
      await run(a, INCREMENTS[table], [keys[2]]);
      await run(b, INCREMENTS[table], [keys[3]]);
      await run(a, 'COMMIT');
      await run(b, 'COMMIT');
      return failures;
    }

    for (const table of ['chats', 'bots'] as const) {
      it(`${table}: on full pages the increments meet; after migration 027 they do not`, async () => {
        const keys = await fill(table, 100);
        // Rows of the first page: their increments do not fit there.
        expect(await interleave(table, keys.slice(0, 4))).toContain('40001');

        await store.pool.query(MIGRATION);
        const { rows } = await store.pool.query<{ reloptions: string[] | null }>(
          `SELECT reloptions FROM pg_class WHERE oid = '${schema}.${table}'::regclass`,
        );
        expect(rows[0]!.reloptions).toContain('fillfactor=20');
        // The rows already there were rewritten: the same rows' increments now commit side by side,
        // and again with others.
        expect(await interleave(table, keys.slice(0, 4))).toEqual([]);
        expect(await interleave(table, keys.slice(4, 8))).toEqual([]);
        const counted = await store.pool.query<{ n: string }>(
          table === 'chats'
            ? 'SELECT sum(last_message_id) AS n FROM chats'
            : 'SELECT sum(last_update_id) AS n FROM bots',
        );
        // The control's winner (if any) counted 2; each interleaving after the migration, 4.
        expect(Number(counted.rows[0]!.n)).toBeGreaterThanOrEqual(8);
      });
    }
  },
);
