/**
 * Storage selection, in one place: the data location (config/config.ts `storageFor`) names the
 * adapter, and this opens it with its event port. A directory is SQLite with uploads in
 * `<data>/files`; `:memory:` is a throwaway SQLite with uploads in a temporary folder removed at
 * close; both use the in-process event bus (one process per data folder). `postgres://` is the
 * PostgreSQL adapter, which several processes may share: its events go between them by
 * LISTEN/NOTIFY, and its uploads live in a folder the nodes share (ADR 0025).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EventBus } from '../platform/core/event-bus.js';
import { SqliteStore } from '../storage/sqlite/sqlite-store.js';
import { redactPassword, type StorageConfig } from '../config/config.js';
import type { EventPort } from '../storage/ports/events.js';
import type { Store } from '../storage/store.js';

export interface OpenedStorage {
  store: Store;
  /** The event port that goes with the store. */
  bus: EventPort;
  /** Where uploaded files live. */
  filesDir: string;
  /** Whether other processes may share the store (several nodes). */
  shared: boolean;
  /** Closes the event port and the store, and removes what only this run needed. */
  close(): Promise<void>;
}

export async function openStorage(
  storage: StorageConfig,
  onError: (error: unknown) => void = () => {},
): Promise<OpenedStorage> {
  if (storage.kind === 'postgres') {
    // The PostgreSQL adapter (and pg) load only for a server that uses it (issue 28: a test's world
    // on SQLite does not pay for loading them).
    const [{ PgStore }, { PgEvents }] = await Promise.all([
      import('../storage/postgres/pg-store.js'),
      import('../storage/postgres/pg-events.js'),
    ]);
    const store = await PgStore.open({
      url: storage.url,
      schema: storage.schema,
      ...(storage.poolSize === undefined ? {} : { poolSize: storage.poolSize }),
      ...(storage.writers === undefined ? {} : { writers: storage.writers }),
    }).catch((error: unknown) => {
      const reason = (error as Error).message || String(error);
      throw Object.assign(
        new Error(`could not use the database ${redactPassword(storage.url)}: ${reason}`, { cause: error }),
        { code: 'DATABASE_UNAVAILABLE' },
      );
    });
    try {
      const bus = await PgEvents.open({ url: storage.url, schema: storage.schema, onError }, store.pool);
      return {
        store,
        bus,
        filesDir: storage.filesDir,
        shared: true,
        close: async () => {
          await bus.close();
          await store.close();
        },
      };
    } catch (error) {
      await store.close();
      throw error;
    }
  }
  if (storage.kind === 'sqlite') {
    const store = SqliteStore.open(storage.file, { checkpointWorker: storage.checkpointWorker ?? true });
    return {
      store,
      bus: new EventBus(),
      filesDir: path.join(storage.dataDir, 'files'),
      shared: false,
      close: () => store.close(),
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-files-'));
  const store = SqliteStore.open(':memory:');
  return {
    store,
    bus: new EventBus(),
    filesDir: dir,
    shared: false,
    close: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
