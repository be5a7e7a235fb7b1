/**
 * Schemas as the units of a database that workspaces (ADR 0061) are kept in: each workspace's tables
 * live in a schema of their own, created here at once and exclusively (CREATE SCHEMA fails for a
 * name that exists, whichever node made it), listed by their prefix, and dropped with their tables.
 * Each call uses a short-lived connection of its own: these are rare, operator-driven operations.
 */
import pg from 'pg';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** SQLSTATE duplicate_schema. */
const DUPLICATE_SCHEMA = '42P06';

function checked(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`invalid schema name "${name}"`);
  return name;
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates the schema; false if it exists already. */
export function createSchema(url: string, name: string): Promise<boolean> {
  return withClient(url, async (client) => {
    try {
      await client.query(`CREATE SCHEMA "${checked(name)}"`);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === DUPLICATE_SCHEMA) return false;
      throw error;
    }
  });
}

/** Whether the schema exists. */
export function schemaExists(url: string, name: string): Promise<boolean> {
  return withClient(url, async (client) => {
    const result = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [checked(name)]);
    return result.rowCount === 1;
  });
}

/** The names of the schemas that start with `prefix`. */
export function listSchemas(url: string, prefix: string): Promise<string[]> {
  return withClient(url, async (client) => {
    const result = await client.query<{ nspname: string }>(
      'SELECT nspname FROM pg_namespace WHERE starts_with(nspname, $1) ORDER BY nspname',
      [prefix],
    );
    return result.rows.map((row) => row.nspname);
  });
}

/** Drops the schema and everything in it; nothing if it does not exist. */
export function dropSchema(url: string, name: string): Promise<void> {
  return withClient(url, async (client) => {
    await client.query(`DROP SCHEMA IF EXISTS "${checked(name)}" CASCADE`);
  });
}
