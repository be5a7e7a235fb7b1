/**
 * Prepared statements of one SQLite connection, cached by their SQL text, with the few shapes every
 * adapter part needs (get, all, run, insert, update). Unique-constraint failures become the port's
 * UniqueViolation. The store and its sub-ports share one instance per connection.
 */
import type Database from 'better-sqlite3';
import { insertSql, updateSql } from '../sql/rows.js';
import { UniqueViolation } from '../store.js';

export type Row = Record<string, unknown>;

/**
 * A bound LIMIT value, for `LIMIT ${LIMIT_PARAM}`. SQLite (3.53) plans with the value of a plain
 * `LIMIT ?` and so prepares the statement again every time it is bound (7-20 µs measured); a cast
 * keeps the plan independent of the value.
 */
export const LIMIT_PARAM = 'CAST(? AS INTEGER)';

/** SQLite has no boolean: true and false are stored as 1 and 0. */
export function sqlValue(value: unknown): unknown {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

function mapUnique(error: unknown): never {
  if (error instanceof Error && 'code' in error) {
    const code = String(error.code);
    if (code.startsWith('SQLITE_CONSTRAINT_UNIQUE') || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
      const match = /UNIQUE constraint failed: (.*)$/.exec(error.message);
      throw new UniqueViolation(match?.[1] ?? (code.endsWith('PRIMARYKEY') ? 'primary key' : 'unknown'));
    }
  }
  throw error;
}

export class SqlStatements {
  readonly #cache: Map<string, Database.Statement>;
  /** Set by `handOver`: this store's parts are done with the connection. */
  #handedOver = false;

  constructor(
    readonly db: Database.Database,
    cache: Map<string, Database.Statement> = new Map(),
  ) {
    this.#cache = cache;
  }

  /**
   * The connection's statements for the next store on it (server/open-storage.ts keeps a closed
   * workspace's connection for the next one): the prepared statements go on, and this instance,
   * which the closed store's parts hold, refuses every statement from now on, as a closed connection
   * would, instead of reaching the next store's rows.
   */
  handOver(): SqlStatements {
    this.#handedOver = true;
    return new SqlStatements(this.db, this.#cache);
  }

  stmt(sql: string): Database.Statement {
    if (this.#handedOver) throw new Error('the store is closed');
    let stmt = this.#cache.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.#cache.set(sql, stmt);
    }
    return stmt;
  }

  get(sql: string, ...params: unknown[]): Row | undefined {
    return this.stmt(sql).get(...params) as Row | undefined;
  }

  all(sql: string, ...params: unknown[]): Row[] {
    return this.stmt(sql).all(...params) as Row[];
  }

  run(sql: string, ...params: unknown[]): Database.RunResult {
    try {
      return this.stmt(sql).run(...params);
    } catch (error) {
      mapUnique(error);
    }
  }

  insert(table: string, row: object): Database.RunResult {
    const keys = Object.keys(row);
    return this.run(insertSql(table, keys), ...keys.map((k) => sqlValue((row as Row)[k])));
  }

  /** Sets the columns of `patch` on the row whose `key` column equals `id`. */
  update(table: string, key: string, id: unknown, patch: object): void {
    const keys = Object.keys(patch);
    if (keys.length === 0) return;
    this.run(updateSql(table, keys, `${key} = ?`), ...keys.map((k) => sqlValue((patch as Row)[k])), id);
  }
}
