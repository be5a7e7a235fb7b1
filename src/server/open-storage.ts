/**
 * Storage selection, in one place: the data location (config/config.ts `storageFor`) names the
 * adapter, and this opens it. A directory is SQLite with uploads in `<data>/files`; `:memory:` is a
 * throwaway SQLite with uploads in a temporary folder removed at close; `postgres://` is refused by
 * the configuration until its adapter exists (issue "PostgreSQL and several nodes").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteStore } from '../storage/sqlite/sqlite-store.js';
import type { StorageConfig } from '../config/config.js';
import type { Store } from '../storage/store.js';

export interface OpenedStorage {
  store: Store;
  /** Where uploaded files live. */
  filesDir: string;
  /** Removes what only this run needed (the temporary files folder of `:memory:`). */
  cleanup: () => void;
}

export function openStorage(storage: StorageConfig): OpenedStorage {
  if (storage.kind === 'sqlite') {
    return {
      store: SqliteStore.open(storage.file),
      filesDir: path.join(storage.dataDir, 'files'),
      cleanup: () => {},
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-files-'));
  return {
    store: SqliteStore.open(':memory:'),
    filesDir: dir,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
