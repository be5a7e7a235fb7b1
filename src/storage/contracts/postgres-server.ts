/**
 * The PostgreSQL server of the tests and the bench, without side effects: its URL, whether it
 * answers, and dropping a schema. postgres.ts probes it once for the test suites.
 */
import pg from 'pg';

export const TEST_POSTGRES_URL =
  process.env.PARLEY_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** undefined when the server answers; otherwise why not. */
export async function probe(): Promise<string | undefined> {
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

/** Drops every schema whose name starts with `prefix` (a run's or a test's leftovers). */
export async function dropSchemas(prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      'SELECT nspname AS name FROM pg_namespace WHERE starts_with(nspname, $1)',
      [prefix],
    );
    for (const { name } of rows) await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
  } finally {
    await client.end();
  }
}
