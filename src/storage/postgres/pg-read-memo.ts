/**
 * A write transaction's kept reads (pg-sql.ts `#rows`, pg-transaction.ts): which tables a statement
 * reads or writes, and the answers kept until the transaction writes a table they read.
 */
import { MESSAGES_SQL } from '../sql/messages.js';
import { USERS_SQL } from '../sql/users.js';

type Row = Record<string, unknown>;

/** The increment of a bot's update ids (tables/users.ts nextUpdateId): it amends kept bot rows. */
const BOT_INCREMENT_SQL = USERS_SQL.nextUpdateId;

/** The key a read's answer is kept under: its text and parameters. */
export function memoKey(sql: string, params: unknown[]): string {
  return `${sql}\u0000${JSON.stringify(params)}`;
}

/** The tables a plain SELECT reads (undefined: not one whose answer may be kept). */
const readTables = new Map<string, string[] | undefined>();
/** The table a plain INSERT, UPDATE or DELETE writes (undefined: another statement). */
const writtenTable = new Map<string, string | undefined>();

export function tablesRead(sql: string): string[] | undefined {
  if (readTables.has(sql)) return readTables.get(sql);
  let tables: string[] | undefined;
  // Only a plain read: no lock, no function that does something (pg_*, nextval), no CTE.
  if (/^\s*SELECT\b/i.test(sql) && !/\bFOR\s+UPDATE\b|\bpg_\w+\s*\(|\b(?:nextval|setval)\s*\(/i.test(sql)) {
    tables = [...sql.matchAll(/\b(?:FROM|JOIN)\s+([a-z_][a-z0-9_]*)/gi)].map((m) => m[1]!.toLowerCase());
    if (tables.length === 0) tables = undefined;
  }
  readTables.set(sql, tables);
  return tables;
}

function tableWritten(sql: string): string | undefined {
  if (writtenTable.has(sql)) return writtenTable.get(sql);
  const match = /^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_][a-z0-9_]*)/i.exec(sql);
  const table = match?.[1]?.toLowerCase();
  writtenTable.set(sql, table);
  return table;
}

/**
 * The answers of a transaction's plain reads, kept until the transaction writes a table they read.
 * In a SERIALIZABLE (snapshot) transaction a second read of the same rows answers what the first did
 * unless the transaction itself changed them since, so a kept answer is the database's answer; and
 * the first read already told PostgreSQL's conflict detection what was read. A batch of writes to
 * one chat then reads its member row, say, once instead of once a write.
 */
export class ReadMemo {
  /** `found`: a read of one row by its primary key that found it (an insert cannot change it). */
  readonly #answers = new Map<string, { tables: string[]; rows: Row[]; found?: boolean }>();
  /**
   * Bot rows by id, read for the writes of a batch in one statement with its first (pg-transaction.ts
   * `ahead`); null: no such bot. Kept through the transaction's increments of bots' update
   * ids (each amends its row), forgotten by any other write of bots.
   */
  readonly #bots = new Map<number, Row | null>();

  get(key: string): Row[] | undefined {
    return this.#answers.get(key)?.rows;
  }

  /** A bot row kept by id ([] when there is no such bot); undefined when not kept. */
  bot(id: unknown): Row[] | undefined {
    if (typeof id !== 'number') return undefined;
    const row = this.#bots.get(id);
    return row === undefined ? undefined : row === null ? [] : [row];
  }

  /** The rows of bots `ids`, read in this transaction's snapshot (absent ones: no such bot). */
  keepBots(ids: number[], rows: Row[]): void {
    for (const id of ids) this.#bots.set(id, null);
    for (const row of rows) this.#bots.set(row.id as number, { ...row });
  }

  set(key: string, tables: string[], rows: Row[]): void {
    this.#answers.set(key, { tables, rows });
  }

  /**
   * The rows of messages `keys` (chat pk, message id), read in this transaction's snapshot: what
   * its reads of them by id (sql/messages.ts getMessage) answer.
   */
  keepMessages(keys: ReadonlyArray<readonly [number, number]>, rows: Row[]): void {
    for (const [chat, id] of keys) {
      const row = rows.find((r) => r.chat_pk === chat && r.message_id === id);
      const key = memoKey(MESSAGES_SQL.getMessage, [chat, id]);
      this.#answers.set(key, { tables: ['messages'], rows: row ? [{ ...row }] : [], found: !!row });
    }
  }

  /**
   * A statement changed one row of `table`, the one the read kept under `key` reads (an update by
   * primary key): that read goes, and so do the table's others but reads of other rows by key.
   */
  changedRow(table: string, key: string): void {
    this.#answers.delete(key);
    this.#dropAllButFound(table);
  }

  /**
   * A plain insert into `table` ran (no upsert: it changes no row that exists): reads of a row by its
   * key that found it stay; the others of that table go (the new row may be among their answers).
   */
  inserted(table: string): void {
    this.#dropAllButFound(table);
  }

  /** Forgets the reads of `table` but those of a row by its key that found it. */
  #dropAllButFound(table: string): void {
    if (table === 'bots') this.#bots.clear();
    for (const [key, answer] of this.#answers)
      if (answer.tables.includes(table) && !answer.found) this.#answers.delete(key);
  }

  /** A statement that is not a plain read ran: forget what it may have changed. */
  wrote(sql: string): void {
    if (this.#bots.size > 0 && sql !== BOT_INCREMENT_SQL) {
      const table = tableWritten(sql);
      if (table === undefined || table === 'bots') this.#bots.clear();
    }
    if (this.#answers.size === 0) return;
    const table = tableWritten(sql);
    if (table === undefined) {
      this.#answers.clear();
      return;
    }
    for (const [key, answer] of this.#answers) if (answer.tables.includes(table)) this.#answers.delete(key);
  }

  /**
   * The transaction changed columns of rows of `table` in a way it knows (a waiting statement will
   * write them): kept reads of that table alone answer the new values; reads that joined it go.
   */
  amend(table: string, match: (row: Row) => boolean, patch: Row): void {
    if (table === 'bots')
      for (const row of this.#bots.values()) if (row && match(row)) Object.assign(row, patch);
    for (const [key, answer] of this.#answers) {
      if (!answer.tables.includes(table)) continue;
      if (answer.tables.length > 1) this.#answers.delete(key);
      else for (const row of answer.rows) if (match(row)) Object.assign(row, patch);
    }
  }

  /** A rollback (to a savepoint): nothing kept may outlive what was undone. */
  clear(): void {
    this.#answers.clear();
    this.#bots.clear();
  }
}
