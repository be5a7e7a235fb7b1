/** Helpers the gateway's SQLite areas share: column lists written once, and small bounded caches. */
import { LruMap } from '../../lru-map.js';
import { sqlValue, type SqlStatements } from '../sql-statements.js';

/**
 * The columns of a row type, listed once: the hot statements (a request, a job and a ledger entry
 * per send) need not build and look up their SQL text per row, and reads name the port's columns
 * only (not the tables' integer keys). `columns` is a record with every column as a key, so that
 * the compiler checks none is missing.
 */
export function columnsOf<T extends object>(
  columns: Record<keyof T & string, true>,
): Array<keyof T & string> {
  return Object.keys(columns) as Array<keyof T & string>;
}

/** The INSERT of every column of a row type, written once. */
export function inserter<T extends object>(table: string, names: Array<keyof T & string>) {
  const sql = `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`;
  return (statements: SqlStatements, row: T) =>
    statements.run(sql, ...names.map((name) => sqlValue(row[name])));
}

/** Entries kept per small cache at most (accounts, prices); past it that cache starts again. */
export const CACHE_SIZE = 10_000;

/**
 * Keeps `value` under `key`. A plain Map (the few accounts and their prices) starts again when
 * full; an LruMap (rows by person, such as devices: ADR 0092's row caches) drops its least recently
 * used entry instead, so that a large world keeps its working set.
 */
export function remember<K, V>(cache: Map<K, V> | LruMap<K, V>, key: K, value: V): V {
  if (!(cache instanceof LruMap) && cache.size >= CACHE_SIZE) cache.clear();
  cache.set(key, value);
  return value;
}

/** Copies, so that a caller changing an answer cannot change the cache. */
export const copyAll = <T extends object>(rows: T[]): T[] => rows.map((row) => ({ ...row }));
