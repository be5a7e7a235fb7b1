/**
 * Storage selection, in one place: the data location (config/config.ts `storageFor`) names the
 * adapter, and this opens it with its event port. A directory is SQLite with uploads in
 * `<data>/files`; `:memory:` is a throwaway SQLite with uploads in a temporary folder removed at
 * close; both use the in-process event bus (one process per data folder). `postgres://` is the
 * PostgreSQL adapter, which several processes may share: its events go between them by
 * LISTEN/NOTIFY, and its uploads live in a folder the nodes share (ADR 0025).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EventBus } from '../platform/core/event-bus.js';
import { SqliteStore } from '../storage/sqlite/sqlite-store.js';
import type { SqlStatements } from '../storage/sqlite/sql-statements.js';
import { emptyingPlan } from '../storage/sqlite/empty-database.js';
import { SpareConnections } from '../storage/sqlite/spare-connections.js';
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
/**
 * The build's template, migrations and what a template still lacks do not change while a process
 * runs: read once per process, so that a second server (a test file's `createParley()` per test)
 * reads neither the template nor the migrations' folder again (issue 28: both showed in profiles of
 * a warm start). What a server keeps of its own (its spare connections) stays in its SqliteSchema.
 */
let MIGRATIONS: readonly string[] | undefined;
const TEMPLATES = new Map<TemplateKind, Buffer>();
const PENDING = new Map<TemplateKind, readonly string[]>();

function processMigrations(): readonly string[] {
  return (MIGRATIONS ??= listMigrations());
}

function processTemplate(kind: TemplateKind): Buffer {
  let template = TEMPLATES.get(kind);
  if (template === undefined) {
    template =
      readSchemaTemplate(kind) ??
      buildSchemaTemplate(processMigrations(), kind === 'memory' ? MEMORY_PAGE_SIZE : undefined);
    TEMPLATES.set(kind, template);
  }
  return template;
}

function processPending(kind: TemplateKind): readonly string[] {
  let pending = PENDING.get(kind);
  if (pending === undefined) {
    pending = templatePending(processTemplate(kind), processMigrations());
    PENDING.set(kind, pending);
  }
  return pending;
}

export class SqliteSchema {
  /** The migrations' names, listed once per process. */
  get migrations(): readonly string[] {
    return processMigrations();
  }
  /**
   * Connections of closed `:memory:` workspaces, emptied, for the next ones (issue 28: a world's
   * connection parsed its schema and prepared its statements again; ADR 0094). A test file's
   * `afterEach` gives one back and its next `beforeEach` takes it; a few more serve tests that hold
   * more worlds at once.
   */
  readonly #spares = new SpareConnections({
    plan: () => emptyingPlan(processTemplate('memory'), processPending('memory')),
    max: 4,
    idleMs: SPARE_IDLE_MS,
  });

  /** A file's template, or a `:memory:` workspace's (smaller pages: schema-template.ts). */
  template(kind: TemplateKind): Buffer {
    return processTemplate(kind);
  }

  /**
   * The migrations a new store made from `kind`'s template still applies: none, unless the template
   * is older than the migrations. Looked at once per process, not by every store (issue 28).
   */
  pending(kind: TemplateKind): readonly string[] {
    return processPending(kind);
  }

  /** An emptied connection of a closed `:memory:` workspace, if one is kept. */
  spare(): SqlStatements | undefined {
    return this.#spares.take();
  }

  /** Takes the connection of a closed `:memory:` workspace's store: emptied and kept, or closed. */
  keep(sql: SqlStatements): void {
    this.#spares.keep(sql);
  }

  /** Closes the connections kept (the server closes: its workspaces are closed). */
  close(): void {
    this.#spares.close();
  }
}

/**
 * How long emptied connections stay kept after the last one was given back: a test file gives one
 * back and takes it again within milliseconds; a process that stopped making servers and worlds
 * lets them go.
 */
const SPARE_IDLE_MS = 10_000;

/**
 * The connections of closed `:memory:` servers' own stores, emptied, for the next server of this
 * process (issue 28: a test file that starts a server per test; the new connection's schema parse
 * and statements were most of a warm `createParley()`). Process-wide, as the template is: a server
 * closes, the next one starts. Two: servers started at once beyond that open their own.
 */
export const SERVER_SPARES = new SpareConnections({
  plan: () => emptyingPlan(processTemplate('file'), processPending('file')),
  max: 2,
  idleMs: SPARE_IDLE_MS,
});

/** A `:memory:` workspace's page cache (sqlite-store.ts `cachePages`): 8 KB of its 512-byte pages. */
const WORKSPACE_CACHE_PAGES = 16;

/**
 * How a `:memory:` store opens: a workspace's (handed its server's schema) from the small
 * pages' template with a small cache; a `:memory:` server's own from the file template (its default
 * pages and cache: it carries the default workspace's traffic), read once per process.
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
  return { template: processTemplate('file'), migrations: processPending('file') };
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
  const dir = storage.filesDir ?? path.join(tmpdir(), `parley-files-${randomUUID()}`);
  // On a closed store's emptied connection, if one is kept: a workspace's of its server's, a
  // server's own of the process's.
  const spares = schema ?? SERVER_SPARES;
  const spare = schema ? schema.spare() : SERVER_SPARES.take();
  const store = spare ? SqliteStore.reopen(spare) : SqliteStore.open(':memory:', memoryOptions(schema));
  return {
    store,
    bus: new EventBus(),
    filesDir: dir,
    shared: false,
    fresh: true,
    close: async () => {
      const sql = await store.detach();
      if (sql !== undefined) spares.keep(sql);
      // Most workspaces never upload, and so never made the folder: a look costs less than the
      // failed removal (its error, with a stack, showed in profiles of a workspace's delete).
      if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
    },
  };
}
