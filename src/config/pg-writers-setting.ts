/**
 * PARLEY_PG_WRITERS: how many write connections a node opens on PostgreSQL at most (ADR 0106; each
 * opened by the first write routed to it). Unset: the adapter's default (1). SQLite ignores it.
 */
import { ConfigError } from './config-error.js';

/** The most a node may open: each is a connection of the database's own. */
const MAX_WRITERS = 32;

/** `storage` (config.ts's StorageConfig) with the setting, when it is PostgreSQL's and it is set. */
export function withPgWriters<S extends { kind: string }>(storage: S, env: NodeJS.ProcessEnv): S {
  const text = env.PARLEY_PG_WRITERS;
  if (storage.kind !== 'postgres' || text === undefined || text === '') return storage;
  const writers = Number(text);
  if (!/^\d+$/.test(text.trim()) || writers < 1 || writers > MAX_WRITERS) {
    throw new ConfigError(
      `invalid PARLEY_PG_WRITERS "${text}": expected an integer from 1 to ${MAX_WRITERS}`,
    );
  }
  return { ...storage, writers };
}
