/**
 * Where each workspace (ADR 0061) keeps its world, derived from the server's own data location, and
 * the existence of that place as the registry of workspaces (so that every node of a shared database
 * knows the same workspaces, and creating one is atomic wherever it is asked):
 *
 * - a data folder `D`: the workspace `NAME` is the folder `D/workspaces/NAME` (its own parley.sqlite
 *   and files/), created with an exclusive mkdir;
 * - `:memory:`: a throwaway store of its own, its uploads in `<server's files>/workspaces/NAME` (made
 *   on first use, removed when it closes); the registry is the server's memory;
 * - PostgreSQL: the schema `public_ws_NAME` (`<schema>_ws_NAME` when the server's tables are in
 *   `<schema>`; a hyphen of the name becomes `_`), created with CREATE SCHEMA, its uploads in `<files>/workspaces/NAME`.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { StorageConfig } from '../config/config.js';
/** The PostgreSQL schema helpers, loaded (with pg) only where a workspace lives in PostgreSQL. */
const pgSchemas = () => import('../storage/postgres/pg-schemas.js');
import { makePrivateDir, PRIVATE_DIR_MODE } from '../storage/private-files.js';
import { WORKSPACE_NAME, WORKSPACE_NAME_RULE } from '../wire/control-schema/index.js';

/** Connections of a workspace's own pool on PostgreSQL, per node (the default store has 10). */
const WORKSPACE_POOL_SIZE = 3;

/** PostgreSQL's longest identifier; a notification channel is `parley_events_<schema>`. */
const MAX_IDENTIFIER = 63;
const CHANNEL_PREFIX = 'parley_events_';

function schemaPrefix(schema: string | undefined): string {
  return `${schema ?? 'public'}_ws_`;
}

/** The schema of a workspace; a hyphen becomes an underscore (names have no underscore of their own). */
function schemaOf(schema: string | undefined, name: string): string {
  return `${schemaPrefix(schema)}${name.replaceAll('-', '_')}`;
}

function nameOfSchema(schema: string | undefined, nspname: string): string {
  return nspname.slice(schemaPrefix(schema).length).replaceAll('_', '-');
}

/** Why `name` cannot be a workspace of this server, or undefined if it can. */
export function invalidWorkspaceName(base: StorageConfig, name: string): string | undefined {
  if (!WORKSPACE_NAME.test(name)) return `a workspace name is ${WORKSPACE_NAME_RULE}`;
  if (base.kind === 'postgres') {
    const schema = schemaOf(base.schema, name);
    if (CHANNEL_PREFIX.length + schema.length > MAX_IDENTIFIER) {
      return `the workspace name is too long for the database schema ${base.schema}: at most ${
        MAX_IDENTIFIER - CHANNEL_PREFIX.length - schemaPrefix(base.schema).length
      } characters`;
    }
  }
  return undefined;
}

/**
 * The storage of workspace `name` of a server whose own storage is `base` (and whose uploads are in
 * `filesDir`, which a `:memory:` workspace's are under).
 */
export function workspaceStorage(base: StorageConfig, name: string, filesDir = ''): StorageConfig {
  switch (base.kind) {
    case 'sqlite': {
      const dataDir = path.join(base.dataDir, 'workspaces', name);
      // No checkpoint worker of its own (ADR 0094): a thread costs about 7 MB and 6 descriptors, and
      // a test's world rarely writes the 1000 pages after which SQLite checkpoints on its own.
      return { kind: 'sqlite', dataDir, file: path.join(dataDir, 'parley.sqlite'), checkpointWorker: false };
    }
    case 'sqlite-memory':
      return { kind: 'sqlite-memory', filesDir: path.join(filesDir, 'workspaces', name) };
    case 'postgres':
      return {
        kind: 'postgres',
        url: base.url,
        schema: schemaOf(base.schema, name),
        filesDir: path.join(base.filesDir, 'workspaces', name),
        poolSize: WORKSPACE_POOL_SIZE,
        // One write connection: a workspace is a test's world, and many may share the database.
        writers: 1,
      };
  }
}

/**
 * Makes the place of a new workspace; false if it exists already (on any node). A `:memory:`
 * server's registry is its memory, so this always succeeds there.
 */
export async function claimWorkspaceStorage(base: StorageConfig, name: string): Promise<boolean> {
  switch (base.kind) {
    case 'sqlite': {
      makePrivateDir(path.join(base.dataDir, 'workspaces'));
      try {
        mkdirSync(path.join(base.dataDir, 'workspaces', name), { mode: PRIVATE_DIR_MODE });
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw error;
      }
    }
    case 'sqlite-memory':
      return true;
    case 'postgres':
      return (await pgSchemas()).createSchema(base.url, schemaOf(base.schema, name));
  }
}

/**
 * Whether workspace `name` exists in the storage (another node may have made it, or an earlier run
 * of this server); a `:memory:` server's workspaces are only those it holds open.
 */
export async function workspaceStorageExists(base: StorageConfig, name: string): Promise<boolean> {
  switch (base.kind) {
    case 'sqlite':
      return existsSync(path.join(base.dataDir, 'workspaces', name));
    case 'sqlite-memory':
      return false;
    case 'postgres':
      return (await pgSchemas()).schemaExists(base.url, schemaOf(base.schema, name));
  }
}

/** The workspaces the storage holds (none for `:memory:`: they live only in the server's memory). */
export async function listWorkspaceStorage(base: StorageConfig): Promise<string[]> {
  switch (base.kind) {
    case 'sqlite': {
      let entries: string[];
      try {
        entries = readdirSync(path.join(base.dataDir, 'workspaces'));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      return entries.filter((entry) => WORKSPACE_NAME.test(entry)).sort();
    }
    case 'sqlite-memory':
      return [];
    case 'postgres':
      return (await (await pgSchemas()).listSchemas(base.url, schemaPrefix(base.schema)))
        .map((schema) => nameOfSchema(base.schema, schema))
        .filter((name) => WORKSPACE_NAME.test(name));
  }
}

/** Removes everything workspace `name` kept (its store must be closed first). */
export async function dropWorkspaceStorage(base: StorageConfig, name: string): Promise<void> {
  const storage = workspaceStorage(base, name);
  if (storage.kind === 'sqlite') rmSync(storage.dataDir, { recursive: true, force: true });
  if (storage.kind === 'postgres') {
    await (await pgSchemas()).dropSchema(storage.url, storage.schema!);
    rmSync(storage.filesDir, { recursive: true, force: true });
  }
}
