/**
 * The PostgreSQL server the tests use: `PARLEY_TEST_POSTGRES` (a `postgres://` URL), by default the
 * local one at 127.0.0.1:5432. Each store the tests open lives in a schema of its own, dropped when
 * it closes. Where no server answers, the PostgreSQL tests are skipped and say so, unless
 * PARLEY_REQUIRE_POSTGRES=1 (set by .ci/run), which makes its absence a failure.
 */
import { randomBytes } from 'node:crypto';
import { PgStore } from '../postgres/pg-store.js';
import { dropSchema, probe, TEST_POSTGRES_URL } from './postgres-server.js';

export { dropSchema, TEST_POSTGRES_URL } from './postgres-server.js';

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

/** Stores on one new schema (as `count` processes would have); the last to close drops it. */
export async function openPostgresStores(count: number, poolSize = 5): Promise<PgStore[]> {
  const schema = testSchema();
  const stores: PgStore[] = [];
  for (let i = 0; i < count; i++)
    // Several write connections (ADR 0106), so that the suites' keyed writes run side by side.
    stores.push(await PgStore.open({ url: TEST_POSTGRES_URL, schema, poolSize, writers: 4 }));
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
