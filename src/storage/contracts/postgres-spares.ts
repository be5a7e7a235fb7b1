/**
 * The tests' PostgreSQL schemas, used again (ADR 0115). Migrating a new schema takes 300-450 ms and
 * the suites open about 200; so a test's schema, once its stores are closed, is emptied back to the
 * state of a newly migrated one and kept for the next test of the process. Emptied means: every
 * table that has pages on disk truncated (so that its rows are laid out again as in a new table:
 * some tests count on where rows land), then the rows and sequence positions that a newly migrated
 * schema has put back, as read off one migrated for the purpose (the process's first). The key of
 * file_ids is not put back: `migrate` draws a new one when a store opens on the schema, as it does
 * on a new one.
 *
 * A schema whose definition is not that of a newly migrated one (a test changed its tables or its
 * migrations) is dropped instead, as is one that cannot be emptied. The schemas kept when the run
 * ends are dropped by the run's global teardown (`test/postgres-teardown.ts`): their names carry the
 * run's id.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from '../postgres/migrate.js';
import { dropSchema } from './postgres-server.js';

/** The rows settings gets from `migrate` at every open, rather than from a migration. */
const DRAWN_AT_OPEN = "DELETE FROM settings WHERE key = 'files.id_key'";

interface Fresh {
  /** The definition of a newly migrated schema, with the schema's name taken out. */
  definition: string;
  /** Per table, its rows as JSON, where a new schema has any. */
  rows: [table: string, rows: unknown[]][];
  /** Per sequence, its position in a new schema. */
  sequences: [sequence: string, last: string, called: boolean][];
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The definition of a schema: its tables' columns, indexes, constraints, triggers, functions and migrations. */
const DEFINITION = `
  SELECT md5(string_agg(part, E'\\n' ORDER BY part)) AS definition FROM (
    SELECT format('column %s.%s %s %s %s %s', table_name, column_name, data_type, is_nullable,
                  is_identity, replace(coalesce(column_default, ''), $1 || '.', '')) AS part
      FROM information_schema.columns WHERE table_schema = $1
    UNION ALL SELECT format('index %s', replace(indexdef, $1 || '.', '')) FROM pg_indexes WHERE schemaname = $1
    UNION ALL SELECT format('constraint %s %s', c.conname, replace(pg_get_constraintdef(c.oid), $1 || '.', ''))
      FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = $1
    UNION ALL SELECT format('trigger %s', replace(pg_get_triggerdef(t.oid), $1 || '.', ''))
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND NOT t.tgisinternal
    UNION ALL SELECT format('function %s', replace(pg_get_functiondef(p.oid), $1 || '.', ''))
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1
    UNION ALL SELECT format('migration %s', version) FROM %SCHEMA%.schema_migrations
  ) parts`;

async function definition(client: pg.Client, schema: string): Promise<string> {
  const sql = DEFINITION.replace('%SCHEMA%', q(schema));
  return (await client.query<{ definition: string }>(sql, [schema])).rows[0]!.definition;
}

/** What a newly migrated schema holds, read off `schema` (migrated just now). */
async function readFresh(client: pg.Client, schema: string): Promise<Fresh> {
  const names = (
    await client.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = $1 AND tablename <> 'schema_migrations'`,
      [schema],
    )
  ).rows.map((row) => row.name);
  const rows: Fresh['rows'] = [];
  for (const name of names) {
    const found = (
      await client.query<{ row: unknown }>(`SELECT to_jsonb(t) AS row FROM ${q(schema)}.${q(name)} t`)
    ).rows;
    if (found.length > 0) rows.push([name, found.map((row) => row.row)]);
  }
  // A sequence not yet drawn has no last value: its start, not called.
  const sequences = (
    await client.query<{ name: string; last: string; called: boolean }>(
      `SELECT sequencename AS name, coalesce(last_value, start_value)::text AS last,
              last_value IS NOT NULL AS called
         FROM pg_sequences WHERE schemaname = $1`,
      [schema],
    )
  ).rows.map(({ name, last, called }): Fresh['sequences'][number] => [name, last, called]);
  return { definition: await definition(client, schema), rows, sequences };
}

/** Empties `schema` back to `fresh`, in one transaction on `client`. */
async function empty(client: pg.Client, schema: string, fresh: Fresh): Promise<void> {
  await client.query('BEGIN');
  try {
    const used = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relkind = 'r' AND c.relname <> 'schema_migrations'
          AND pg_relation_size(c.oid) > 0`,
      [schema],
    );
    await client.query(`SET LOCAL search_path = ${q(schema)}`);
    if (used.rows.length > 0)
      await client.query(`TRUNCATE ${used.rows.map((row) => q(row.name)).join(', ')} CASCADE`);
    for (const [table, rows] of fresh.rows)
      await client.query(
        `INSERT INTO ${q(table)} SELECT * FROM jsonb_populate_recordset(NULL::${q(table)}, $1)`,
        [JSON.stringify(rows)],
      );
    const positions = fresh.sequences.map(
      ([sequence, last, called]) => `setval('${q(schema)}.${q(sequence)}', ${Number(last)}, ${called})`,
    );
    await client.query(`${DRAWN_AT_OPEN}${positions.length > 0 ? `; SELECT ${positions.join(', ')}` : ''}`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

export class SchemaSpares {
  readonly #url: string;
  readonly #prefix: string;
  readonly #max: number;
  readonly #spares: string[] = [];
  #fresh: Promise<Fresh> | undefined;

  constructor(options: { url: string; prefix: string; max: number }) {
    this.#url = options.url;
    this.#prefix = options.prefix;
    this.#max = options.max;
  }

  get size(): number {
    return this.#spares.length;
  }

  /** A new name of this run. */
  name(): string {
    return `${this.#prefix}${randomBytes(6).toString('hex')}`;
  }

  /** A kept schema's name (a newly migrated one's state), or a new name. */
  take(): string {
    return this.#spares.pop() ?? this.name();
  }

  /** Empties `schema` (its stores closed) and keeps it, or drops it (see above). */
  async give(schema: string): Promise<void> {
    if (this.#spares.includes(schema)) return;
    if (this.#spares.length >= this.#max) return dropSchema(schema);
    let kept = false;
    const client = new pg.Client({ connectionString: this.#url });
    await client.connect();
    try {
      const fresh = await this.#readFresh(client);
      if ((await definition(client, schema).catch(() => undefined)) === fresh.definition) {
        await empty(client, schema, fresh);
        kept = true;
      }
    } catch {
      kept = false;
    } finally {
      await client.end().catch(() => undefined);
    }
    if (kept) this.#spares.push(schema);
    else await dropSchema(schema);
  }

  /** Read once, off a schema migrated for it, which then becomes the first spare. */
  #readFresh(client: pg.Client): Promise<Fresh> {
    this.#fresh ??= (async () => {
      const schema = this.name();
      const pool = new pg.Pool({ connectionString: this.#url, max: 1, options: `-c search_path=${schema}` });
      try {
        await migrate(pool, schema);
      } finally {
        await pool.end();
      }
      const fresh = await readFresh(client, schema);
      this.#spares.push(schema);
      return fresh;
    })();
    return this.#fresh;
  }
}
