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
import { migrate, pendingMigrations } from './migrate.js';

const TEMPLATE_FILE = new URL('./schema-template.sqlite', import.meta.url);
const MEMORY_TEMPLATE_FILE = new URL('./schema-template-memory.sqlite', import.meta.url);

/**
 * The page size of the template that `:memory:` workspaces start from (issue 28). An empty table or
 * index takes a page, and the schema has about 180 of them: SQLite's default 4 KB pages make an empty
 * world 730 KB (held by each in-memory copy), 1 KB pages 220 KB, and SQLite's smallest, 512 bytes,
 * 135 KB (an open connection on it about 70 KiB less than on 1 KB pages, measured). A test's world
 * holds few rows, and a larger row spills to overflow pages; a file keeps the default (a real
 * server's tables grow, and their B-trees stay shallow).
 */
export const MEMORY_PAGE_SIZE = 512;

/** Which template: a new file's (default page size), or a `:memory:` workspace's (MEMORY_PAGE_SIZE). */
export type TemplateKind = 'file' | 'memory';

/** The template's bytes beside this module (in dist/), or undefined where there is none (sources). */
export function readSchemaTemplate(kind: TemplateKind = 'file'): Buffer | undefined {
  try {
    return readFileSync(kind === 'file' ? TEMPLATE_FILE : MEMORY_TEMPLATE_FILE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A fresh database with every migration applied, serialized (SQLite's file format). */
export function buildSchemaTemplate(migrations?: readonly string[], pageSize?: number): Buffer {
  const db = new Database(':memory:');
  try {
    // Before the first table: the page size of an existing database changes only by a VACUUM.
    if (pageSize !== undefined) db.pragma(`page_size = ${pageSize}`);
    migrate(db, migrations);
    return db.serialize();
  } finally {
    db.close();
  }
}

/** Writes both templates beside this module (the build's step). */
export function writeSchemaTemplate(): void {
  writeFileSync(TEMPLATE_FILE, buildSchemaTemplate());
  writeFileSync(MEMORY_TEMPLATE_FILE, buildSchemaTemplate(undefined, MEMORY_PAGE_SIZE));
}

/** Which of `migrations` a database copied from `template` would still have to apply. */
export function templatePending(template: Buffer, migrations: readonly string[]): string[] {
  const db = new Database(template);
  try {
    return pendingMigrations(db, migrations);
  } finally {
    db.close();
  }
}

/**
 * Makes again, in a database copied from the template, what migrations made random per database:
 * 007-file-id-key.sql's key of per-viewer file_ids (ADR 0040).
 */
export const RENEW_PER_DATABASE =
  "UPDATE settings SET value = lower(hex(randomblob(32))) WHERE key = 'files.id_key'";

/**
 * The gateway's request-id key (migration 030, gateway/request-ids.ts), made with the copy (and again
 * by each emptying, empty-database.ts), so that a store opening on it writes none (a write of its own
 * was 30 µs of every new store, issue 28). A database without one gets it from its store.
 */
export const RENEW_REQUEST_ID_KEY =
  'INSERT OR REPLACE INTO gateway_request_id_key (id, key) VALUES (1, randomblob(16))';

/** Run after the migrations, which made both tables. */
export function renewPerDatabase(db: Database.Database): void {
  db.prepare(RENEW_PER_DATABASE).run();
  db.prepare(RENEW_REQUEST_ID_KEY).run();
}
