/**
 * The tests' PostgreSQL schemas used again (postgres-spares.ts, ADR 0115): a schema given back is
 * taken again as a newly migrated one is, row for row and sequence for sequence, with a key of
 * file_ids of its own; one whose definition a test changed is dropped instead, as is one past the
 * pool's size. Skipped without a PostgreSQL server (postgres.ts).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgStore } from '../postgres/pg-store.js';
import { postgresAvailable, TEST_POSTGRES_URL } from './postgres.js';
import { dropSchemas } from './postgres-server.js';
import { SchemaSpares } from './postgres-spares.js';

const prefix = `parley_spares_${randomBytes(4).toString('hex')}_`;
let client: pg.Client;

/** Every table's rows and every sequence's position, read here independently of the module. */
async function contents(schema: string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const tables = await client.query<{ name: string }>(
    'SELECT tablename AS name FROM pg_tables WHERE schemaname = $1 ORDER BY 1',
    [schema],
  );
  for (const { name } of tables.rows) {
    const rows = await client.query<{ row: Record<string, unknown> }>(
      `SELECT to_jsonb(t) AS row FROM ${schema}.${name} t`,
    );
    out[name] = rows.rows
      .map(({ row }) => {
        if (name === 'schema_migrations') return { version: row.version };
        if (name === 'settings' && row.key === 'files.id_key') return { key: row.key, value: 'drawn' };
        return row;
      })
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  const sequences = await client.query(
    'SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = $1 ORDER BY 1',
    [schema],
  );
  out['(sequences)'] = sequences.rows;
  return out;
}

const key = async (schema: string) =>
  (await client.query(`SELECT value FROM ${schema}.settings WHERE key = 'files.id_key'`)).rows[0]?.value;
const exists = async (schema: string) =>
  (await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema])).rowCount === 1;

/** A store's writes of a test: rows in tables with foreign keys, identities drawn, a setting changed. */
async function use(schema: string): Promise<void> {
  const store = await PgStore.open({ url: TEST_POSTGRES_URL, schema, poolSize: 2 });
  await store.pool.query(`
    INSERT INTO users (id, is_bot, first_name, created_at) VALUES (7, true, 'Bot', 1), (8, false, 'Ann', 1);
    INSERT INTO bots (id, token_secret, can_join_groups, can_read_all_group_messages, supports_inline_queries, last_update_id)
      VALUES (7, 's', true, false, false, 0);
    INSERT INTO chats (id, type, created_at) VALUES (8, 'private', 1), (-100, 'supergroup', 1);
    INSERT INTO communities (id, name, owner_id, created_at) VALUES (1, 'c', 8, 1);
    INSERT INTO community_chats (chat_pk, community_id, added_at) VALUES (2, 1, 1);
    UPDATE settings SET value = '1' WHERE key = 'files.legacy_refs';`);
  await store.close();
}

describe.runIf(postgresAvailable)("the tests' PostgreSQL schemas used again", () => {
  beforeAll(async () => {
    client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await client.connect();
  });
  afterAll(async () => {
    await dropSchemas(prefix);
    await client.end();
  });

  it('gives back a used schema as a newly migrated one is, with a key of its own', async () => {
    const spares = new SchemaSpares({ url: TEST_POSTGRES_URL, prefix, max: 3 });
    const [used, other] = [spares.take(), spares.name()];
    await use(used);
    await use(other);
    await spares.give(used);
    await spares.give(other);
    // Kept, with the schema migrated to learn a new one's rows (the first spare).
    expect(spares.size).toBe(3);
    expect([spares.take(), spares.take()]).toEqual([other, used]);

    const fresh = spares.name();
    for (const schema of [fresh, used, other])
      await (await PgStore.open({ url: TEST_POSTGRES_URL, schema, poolSize: 2 })).close();
    expect(await contents(used)).toEqual(await contents(fresh));
    // Drawn anew at the open, as in a new schema: not put back the same in every schema given back.
    expect(await key(used)).toMatch(/^[0-9a-f]{64}$/);
    expect(await key(used)).not.toBe(await key(other));
    // The same identities drawn as in a new schema.
    await use(used);
    await use(fresh);
    expect(await contents(used)).toEqual(await contents(fresh));
  });

  it('drops a schema whose definition a test changed, and one past the pool size', async () => {
    const spares = new SchemaSpares({ url: TEST_POSTGRES_URL, prefix, max: 2 });
    const changed = spares.take();
    await use(changed);
    await client.query(`ALTER TABLE ${changed}.users ADD COLUMN extra TEXT`);
    await spares.give(changed);
    expect(await exists(changed)).toBe(false);
    expect(spares.size).toBe(1);

    const unmigrated = spares.name();
    await use(unmigrated);
    await client.query(`DELETE FROM ${unmigrated}.schema_migrations WHERE version = 28`);
    await spares.give(unmigrated);
    expect(await exists(unmigrated)).toBe(false);

    const [a, b] = [spares.name(), spares.name()];
    await use(a);
    await use(b);
    await spares.give(a);
    await spares.give(b);
    expect(spares.size).toBe(2);
    expect([await exists(a), await exists(b)]).toEqual([true, false]);
  });
});
