/**
 * Opening the SQLite connection of a store (sqlite-store.ts): the file made owner-only before SQLite
 * opens it, a new database started from the schema template (ADR 0094), the connection's pragmas,
 * and the migrations.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makeOwnerOnly, makePrivateFile, PRIVATE_DIR_MODE } from '../private-files.js';
import { WAL_SIZE_LIMIT } from './checkpointer.js';
import { migrate } from './migrate.js';
import { readSchemaTemplate, renewPerDatabase } from './schema-template.js';

export interface DatabaseOptions {
  /**
   * The bytes a new database starts from (schema-template.ts); default: the build's template beside
   * this module, if any; null: none (every migration runs).
   */
  template?: Buffer | null;
  /**
   * A file's WAL checkpoints: on a worker thread of its store's (true, the default, ADR 0006), or by
   * SQLite itself on this connection every 1000 pages (false: a workspace's store, ADR 0094).
   */
  checkpointWorker?: boolean;
  /** The migrations' file names (migrate.ts `listMigrations`); default: read from the folder. */
  migrations?: readonly string[];
  /**
   * The page cache of a `:memory:` database made from the template, in pages (default 2 MB). Its
   * pages are in memory already, so a few suffice (16 saved about 40 KiB a workspace; ADR 0094).
   */
  cachePages?: number;
}

/**
 * Opens (and migrates) the database at `file`, or a throwaway in-memory one for `:memory:`. The
 * files are owner-only (0600): the database is created so before SQLite opens it, and SQLite gives
 * its -wal, -shm and -journal files the database file's mode. A folder it has to create is 0700;
 * an existing one is left as it is (the server tightens its data folder, server/data-folder.ts).
 */
export function openDatabase(file: string, options: DatabaseOptions): Database.Database {
  const onDisk = file !== ':memory:';
  const template = options.template === undefined ? readSchemaTemplate() : (options.template ?? undefined);
  let fresh = !onDisk;
  if (onDisk) {
    mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
    fresh = !existsSync(file);
    makePrivateFile(file);
    // A new database starts as the schema template (ADR 0094), in the file made private above.
    if (fresh && template !== undefined) writeFileSync(file, template);
  }
  const db = onDisk || template === undefined ? new Database(file) : new Database(template);
  // Files left by an earlier run, from before the files were made private or by a crash.
  if (onDisk) for (const suffix of ['-wal', '-shm']) tightenIfPresent(`${file}${suffix}`);
  // WAL, syncs and waits for another connection are a file's: `:memory:` has none (issue 28).
  const fileOnly = onDisk ? ['journal_mode = WAL', 'synchronous = NORMAL', 'busy_timeout = 5000'] : [];
  for (const pragma of [...fileOnly, 'foreign_keys = ON']) db.pragma(pragma);
  // Savepoints (one per write of a group commit) keep their journals in memory, not in temp files.
  db.pragma('temp_store = MEMORY');
  if (!onDisk && template !== undefined && options.cachePages !== undefined) {
    db.pragma(`cache_size = ${Math.floor(options.cachePages)}`);
  }
  migrate(db, options.migrations);
  if (fresh && template !== undefined) renewPerDatabase(db);
  // Without a checkpoint worker, SQLite checkpoints a file's WAL itself and cuts it back to this.
  if (onDisk && options.checkpointWorker === false) db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
  return db;
}

/** Takes group and other bits away from a file that may not exist. */
function tightenIfPresent(file: string): void {
  try {
    makeOwnerOnly(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
