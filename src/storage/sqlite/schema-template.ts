/**
 * The schema template (ADR 0094): a database with every migration applied, written once at build time
 * (`scripts/copy-assets.js` -> `dist/storage/sqlite/schema-template.sqlite`), from which a new database
 * starts instead of running the migrations one by one (about 30 of them: most of what opening a new
 * store cost, and so most of what a new workspace and a new in-process server cost). A new in-memory
 * database is the template's bytes deserialized; a new file is the template's bytes written first.
 * The migrations still run after it, so a template older than the code only leaves them more to do.
 *
 * What a migration made random for each database is made again for each copy (`renewPerDatabase`):
 * a template shared by every install must not share a secret.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { migrate } from './migrate.js';

const TEMPLATE_FILE = new URL('./schema-template.sqlite', import.meta.url);

/** The template's bytes beside this module (in dist/), or undefined where there is none (sources). */
export function readSchemaTemplate(): Buffer | undefined {
  try {
    return readFileSync(TEMPLATE_FILE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A fresh database with every migration applied, serialized (SQLite's file format). */
export function buildSchemaTemplate(migrations?: readonly string[]): Buffer {
  const db = new Database(':memory:');
  try {
    migrate(db, migrations);
    return db.serialize();
  } finally {
    db.close();
  }
}

/** Writes the template to `file` (the build's step). */
export function writeSchemaTemplate(file: string | URL = TEMPLATE_FILE): void {
  writeFileSync(file, buildSchemaTemplate());
}

/** Makes again, in a database copied from the template, what migrations made random per database. */
export function renewPerDatabase(db: Database.Database): void {
  // 007-file-id-key.sql: the key of per-viewer file_ids (ADR 0040).
  db.prepare("UPDATE settings SET value = lower(hex(randomblob(32))) WHERE key = 'files.id_key'").run();
}
