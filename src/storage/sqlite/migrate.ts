/**
 * Numbered migrations: `migrations/NNN-name.sql`, applied in order, each in its own transaction, and
 * recorded in `schema_migrations` so that each runs once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { MIGRATE_SQL as SQL } from '../sql/migrate.js';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

/** The migrations' file names, in order (read once by a server that opens many stores, issue 28). */
export function listMigrations(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d{3}-.*\.sql$/.test(name))
    .sort();
}

/** Which of `files` the database has not applied (it has a schema_migrations table). */
export function pendingMigrations(db: Database.Database, files: readonly string[]): string[] {
  const applied = new Set(
    db
      .prepare(SQL.appliedVersions)
      .all()
      .map((row) => (row as { version: number }).version),
  );
  return files.filter((name) => !applied.has(Number(name.slice(0, 3))));
}

/**
 * Applies the migrations of `files` not applied yet. None given: nothing to look at (a store made
 * from a template that holds them all, server/open-storage.ts `SqliteSchema`).
 */
export function migrate(db: Database.Database, files: readonly string[] = listMigrations()): number[] {
  if (files.length === 0) return [];
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)',
  );
  const done: number[] = [];
  for (const name of pendingMigrations(db, files)) {
    const version = Number(name.slice(0, 3));
    const sql = readFileSync(new URL(name, MIGRATIONS_DIR), 'utf8');
    db.transaction(() => {
      db.exec(sql);
      db.prepare(SQL.recordVersion).run(version, Date.now());
    })();
    done.push(version);
  }
  return done;
}
