/**
 * Numbered migrations of the PostgreSQL adapter (`migrations/NNN-name.sql`), applied in order, each in
 * its own transaction, recorded in `schema_migrations`. They run under a session-level advisory lock
 * (the schema is created under it too), so that nodes starting together migrate once: the others
 * wait, then find nothing to do.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { Pool } from 'pg';
import { numberPlaceholders } from './pg-sql.js';
import { MIGRATE_SQL as SQL } from '../sql/migrate.js';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
/** The advisory lock's key: any constant that no other program on the database uses. */
const MIGRATION_LOCK = 0x7061726c; // "parl"

export async function migrate(pool: Pool, schema?: string): Promise<number[]> {
  const client = await pool.connect();
  const done: number[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    if (schema !== undefined) await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)',
    );
    const applied = new Set(
      (await client.query<{ version: number }>(SQL.appliedVersions)).rows.map((row) => row.version),
    );
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((name) => /^\d{3}-.*\.sql$/.test(name))
      .sort();
    for (const name of files) {
      const version = Number(name.slice(0, 3));
      if (applied.has(version)) continue;
      const sql = readFileSync(new URL(name, MIGRATIONS_DIR), 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query(numberPlaceholders(SQL.recordVersion), [version, Date.now()]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
      done.push(version);
    }
    // The key of file_ids (ADR 0040), drawn once per database from a cryptographic source.
    await client.query(
      "INSERT INTO settings (key, value) VALUES ('files.id_key', $1) ON CONFLICT (key) DO NOTHING",
      [randomBytes(32).toString('hex')],
    );
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  return done;
}
