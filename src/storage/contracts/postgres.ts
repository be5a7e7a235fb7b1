/**
 * The PostgreSQL server the tests use: `PARLEY_TEST_POSTGRES` (a `postgres://` URL), by default the
 * local one at 127.0.0.1:5432. Each store the tests open lives in a schema of its own, dropped when
 * it closes. Where no server answers, the PostgreSQL tests are skipped and say so, unless
 * PARLEY_REQUIRE_POSTGRES=1 (set by .ci/run), which makes its absence a failure.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { PgStore, type PgStoreOptions } from '../postgres/pg-store.js';
import { SchemaSpares } from './postgres-spares.js';
import { probe, TEST_POSTGRES_URL } from './postgres-server.js';

export { TEST_POSTGRES_URL } from './postgres-server.js';

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

/**
 * The schemas of this process's tests, used again (postgres-spares.ts); their names carry the run's
 * id, by which the run's teardown drops what is left (test/postgres-teardown.ts).
 */
const spares = new SchemaSpares({
  url: TEST_POSTGRES_URL,
  prefix: `parley_test_${inject('postgresRun') ?? randomBytes(4).toString('hex')}_`,
  max: 3,
});

/** The name of a schema as a new one is (none, or emptied back to a newly migrated one's rows). */
export function testSchema(): string {
  return spares.take();
}

/** Done with a test's schema, its stores closed: kept for the next test, emptied, or dropped. */
export function dropSchema(schema: string): Promise<void> {
  return spares.give(schema);
}

/**
 * A store for each test of the suite that calls this (in its `describe`): opened on a schema of its
 * own before each test (three connections unless `options` say otherwise), closed after it, and its
 * schema given back. `opened` is told each test's store. A suite's own `beforeEach` registered after
 * this runs after the store is open, its own `afterEach` before it is closed.
 */
export function storeForEachTest(opened: (store: PgStore) => void, options: TestStoreOptions = {}): void {
  storeAround(beforeEach, afterEach, opened, options);
}

/** The same, one store for all the tests of the suite (`beforeAll`, `afterAll`). */
export function storeForAllTests(opened: (store: PgStore) => void, options: TestStoreOptions = {}): void {
  storeAround(beforeAll, afterAll, opened, options);
}

type TestStoreOptions = Partial<Omit<PgStoreOptions, 'url' | 'schema'>>;

function storeAround(
  before: (hook: () => Promise<void>) => void,
  after: (hook: () => Promise<void>) => void,
  opened: (store: PgStore) => void,
  options: TestStoreOptions,
): void {
  let store: PgStore | undefined;
  let schema = '';
  before(async () => {
    schema = testSchema();
    store = await PgStore.open({ url: TEST_POSTGRES_URL, schema, poolSize: 3, ...options });
    opened(store);
  });
  after(async () => {
    await store?.close();
    store = undefined;
    await dropSchema(schema);
  });
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
