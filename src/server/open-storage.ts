/**
 * Storage selection, in one place: the data location (config/config.ts `storageFor`) names the
 * adapter, and this opens it with its event port. A directory is SQLite with uploads in
 * `<data>/files`; `:memory:` is a throwaway SQLite with uploads in a temporary folder removed at
 * close; both use the in-process event bus (one process per data folder). `postgres://` is the
 * PostgreSQL adapter, which several processes may share: its events go between them by
 * LISTEN/NOTIFY, and its uploads live in a folder the nodes share (ADR 0025).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EventBus } from '../platform/core/event-bus.js';
import { SqliteStore } from '../storage/sqlite/sqlite-store.js';
import { listMigrations } from '../storage/sqlite/migrate.js';
import {
  buildSchemaTemplate,
  MEMORY_PAGE_SIZE,
  readSchemaTemplate,
  templatePending,
  type TemplateKind,
} from '../storage/sqlite/schema-template.js';
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
  /**
   * A new, empty throwaway store whose files folder is its own and new (`:memory:`): no spool to
   * clear, and the folder is made by the first write into it (issue 28: a test's world that never
   * uploads touches no folder).
   */
  fresh: boolean;
  /** Closes the event port and the store, and removes what only this run needed. */
  close(): Promise<void>;
}

/**
 * What a new SQLite store starts from: the schema template (schema-template.ts) and the migrations'
 * names. A server holds one and opens every workspace's store with it (issue 28: reading 0.7 MB and a
 * folder per workspace showed in profiles of its creation). Where the build wrote no template (the
 * sources), the first store that needs one builds it (every migration, once), not every workspace.
 */
export class SqliteSchema {
  static #shared: SqliteSchema | undefined;

  /**
   * The process's one schema, for servers not handed one: the build's template and migrations do not
   * change while it runs, so a second server in a process (a test file's `createParley()` per test)
   * reads neither again (issue 28: the migrations folder's listing and the template's read showed in
   * profiles of a warm start).
   */
  static shared(): SqliteSchema {
    return (SqliteSchema.#shared ??= new SqliteSchema());
  }

  readonly migrations: readonly string[] = listMigrations();
  readonly #templates = new Map<TemplateKind, Buffer>();
  readonly #pending = new Map<TemplateKind, readonly string[]>();

  /** A file's template, or a `:memory:` workspace's (smaller pages: schema-template.ts). */
  template(kind: TemplateKind): Buffer {
    let template = this.#templates.get(kind);
    if (template === undefined) {
      template =
        readSchemaTemplate(kind) ??
        buildSchemaTemplate(this.migrations, kind === 'memory' ? MEMORY_PAGE_SIZE : undefined);
      this.#templates.set(kind, template);
    }
    return template;
  }

  /**
   * The migrations a new store made from `kind`'s template still applies: none, unless the template
   * is older than the migrations. Looked at once per server, not by every store (issue 28).
   */
  pending(kind: TemplateKind): readonly string[] {
    let pending = this.#pending.get(kind);
    if (pending === undefined) {
      pending = templatePending(this.template(kind), this.migrations);
      this.#pending.set(kind, pending);
    }
    return pending;
  }
}

/** A `:memory:` workspace's page cache (sqlite-store.ts `cachePages`): 8 KB of its 512-byte pages. */
const WORKSPACE_CACHE_PAGES = 16;

/**
 * How a `:memory:` store opens: a workspace's (handed its server's schema) from the small
 * pages' template with a small cache; a `:memory:` server's own from the file template (its default
 * pages and cache: it carries the default workspace's traffic) of the process's schema, so that it
 * neither reads the template nor lists the migrations again.
 */
function memoryOptions(schema: SqliteSchema | undefined) {
  if (schema) {
    return {
      template: schema.template('memory'),
      // Always a new copy of the template (a file may be an older workspace's, and needs them all).
      migrations: schema.pending('memory'),
      cachePages: WORKSPACE_CACHE_PAGES,
    };
  }
  const own = schema ?? SqliteSchema.shared();
  return { template: own.template('file'), migrations: own.pending('file') };
}

export async function openStorage(
  storage: StorageConfig,
  onError: (error: unknown) => void = () => {},
  schema: SqliteSchema | undefined = undefined,
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
        fresh: false,
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
    // The server's own file reads the build's template (none: the migrations run); a workspace's
    // starts from its server's.
    const store = SqliteStore.open(storage.file, {
      checkpointWorker: storage.checkpointWorker ?? true,
      ...(schema ? { template: schema.template('file'), migrations: schema.migrations } : {}),
    });
    return {
      store,
      bus: new EventBus(),
      filesDir: path.join(storage.dataDir, 'files'),
      shared: false,
      fresh: false,
      close: () => store.close(),
    };
  }
  // A workspace's folder is under its server's private one, made (0700) by the first write into it;
  // a `:memory:` server's is a new name in the temporary folder, made (0700) the same way: a server
  // that never stores a file makes no folder (issue 28: mkdtemp and the removal at close were a
  // sixth of a warm start).
  const dir = storage.filesDir ?? path.join(tmpdir(), `parley-files-${randomBytes(12).toString('hex')}`);
  const store = SqliteStore.open(':memory:', memoryOptions(schema));
  return {
    store,
    bus: new EventBus(),
    filesDir: dir,
    shared: false,
    fresh: true,
    close: async () => {
      await store.close();
      // Most workspaces never upload, and so never made the folder: a look costs less than the
      // failed removal (its error, with a stack, showed in profiles of a workspace's delete).
      if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
    },
  };
}
