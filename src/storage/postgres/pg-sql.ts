/**
 * Queries of the PostgreSQL adapter on one connection (a transaction's client) or on the pool
 * (reads outside a write), with the shapes every area needs (get, all, run, insert, update), as the
 * SQLite adapter's SqlStatements has them. SQL is written with `?` placeholders, numbered `$1..$n`
 * here once per text; unique-constraint failures become the port's UniqueViolation.
 */
import type { Pool, PoolClient, QueryResult } from 'pg';
import { UniqueViolation } from '../store.js';

export type Row = Record<string, unknown>;
export type Queryable = Pool | PoolClient;

/**
 * A statement as PostgreSQL gets it: `?` placeholders (outside quoted text) numbered as `$n`, and a
 * name, so that each connection parses and plans it once (a prepared statement) instead of at every
 * call. Cached per SQL text; the texts are the adapter's own, a bounded set.
 */
interface Prepared {
  name: string;
  text: string;
}

const prepared = new Map<string, Prepared>();

export function numberPlaceholders(sql: string): string {
  return preparedOf(sql).text;
}

function preparedOf(sql: string): Prepared {
  let statement = prepared.get(sql);
  if (statement === undefined) {
    let n = 0;
    let quoted = false;
    let text = '';
    for (const char of sql) {
      if (char === "'") quoted = !quoted;
      text += char === '?' && !quoted ? `$${++n}` : char;
    }
    statement = { name: `p${prepared.size + 1}`, text };
    prepared.set(sql, statement);
  }
  return statement;
}

interface PgError {
  code?: string;
  table?: string;
  constraint?: string;
  detail?: string;
}

/** A unique violation as the port names it: `table.columns`, e.g. `users.phone_number`. */
function mapError(error: unknown): never {
  const pg = error as PgError;
  if (pg?.code === '23505') {
    const columns = /Key \((.+?)\)=/.exec(pg.detail ?? '')?.[1] ?? pg.constraint ?? 'unknown';
    throw new UniqueViolation(`${pg.table ?? 'unknown'}.${columns}`);
  }
  throw error;
}

export class PgSql {
  constructor(
    readonly db: Queryable,
    /** Where a query goes instead of `db` when it answers one (the client of a write in progress). */
    private readonly route?: () => Queryable | undefined,
  ) {}

  async query(sql: string, params: unknown[]): Promise<QueryResult<Row>> {
    try {
      const { name, text } = preparedOf(sql);
      return await (this.route?.() ?? this.db).query<Row>({ name, text, values: params });
    } catch (error) {
      mapError(error);
    }
  }

  async get(sql: string, ...params: unknown[]): Promise<Row | undefined> {
    return (await this.query(sql, params)).rows[0];
  }

  async all(sql: string, ...params: unknown[]): Promise<Row[]> {
    return (await this.query(sql, params)).rows;
  }

  /** Runs a statement; answers how many rows it changed. */
  async run(sql: string, ...params: unknown[]): Promise<number> {
    return (await this.query(sql, params)).rowCount ?? 0;
  }

  /** Inserts a row; with `returning`, answers that column of the new row (a generated key). */
  async insert(table: string, row: object, returning?: string): Promise<number | undefined> {
    const keys = Object.keys(row);
    const sql = `INSERT INTO ${table} (${keys.join(', ')}) VALUES (${keys.map(() => '?').join(', ')})${
      returning ? ` RETURNING ${returning}` : ''
    }`;
    const result = await this.query(
      sql,
      keys.map((k) => (row as Row)[k]),
    );
    return returning ? Number(result.rows[0]![returning]) : undefined;
  }

  /** Sets the columns of `patch` on the row whose `key` column equals `id`. */
  async update(table: string, key: string, id: unknown, patch: object): Promise<void> {
    const keys = Object.keys(patch);
    if (keys.length === 0) return;
    const sql = `UPDATE ${table} SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE ${key} = ?`;
    await this.query(sql, [...keys.map((k) => (patch as Row)[k]), id]);
  }
}
