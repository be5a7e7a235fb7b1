/**
 * The PostgreSQL server the tests use: `PARLEY_TEST_POSTGRES` (a `postgres://` URL), by default the
 * local one at 127.0.0.1:5432. Each store the tests open lives in a schema of its own, dropped when
 * it closes. Where no server answers, the PostgreSQL tests are skipped and say so, unless
 * PARLEY_REQUIRE_POSTGRES=1 (set by .ci/run), which makes its absence a failure.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PgStore } from '../postgres/pg-store.js';

export const TEST_POSTGRES_URL =
  process.env.PARLEY_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** undefined when the server answers; otherwise why not. */
async function probe(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const unavailable = await probe();
if (unavailable !== undefined) {
  if (process.env.PARLEY_REQUIRE_POSTGRES === '1')
    throw new Error(
      `PostgreSQL is required (PARLEY_REQUIRE_POSTGRES=1) but ${TEST_POSTGRES_URL} failed: ${unavailable}`,
    );
  console.warn(`PostgreSQL tests skipped: ${TEST_POSTGRES_URL} is not reachable (${unavailable})`);
}

/** Whether the PostgreSQL tests run. */
export const postgresAvailable = unavailable === undefined;

/** A fresh schema name. */
export function testSchema(): string {
  return `parley_test_${randomBytes(6).toString('hex')}`;
}

/** Drops a test schema and what is in it. */
export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

/** Stores on one new schema (as `count` processes would have); the last to close drops it. */
export async function openPostgresStores(count: number, poolSize = 5): Promise<PgStore[]> {
  const schema = testSchema();
  const stores: PgStore[] = [];
  for (let i = 0; i < count; i++)
    stores.push(await PgStore.open({ url: TEST_POSTGRES_URL, schema, poolSize }));
  let open = count;
  for (const store of stores) {
    const close = store.close.bind(store);
    store.close = async () => {
      await close();
      if (--open === 0) await dropSchema(schema);
    };
  }
  return stores;
}
