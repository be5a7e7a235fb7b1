/**
 * Queries of the PostgreSQL adapter on one connection (a transaction's client) or on the pool
 * (reads outside a write), with the shapes every area needs (get, all, run, insert, update), as the
 * SQLite adapter's SqlStatements has them. SQL is written with `?` placeholders, numbered `$1..$n`
 * here once per text; unique-constraint failures become the port's UniqueViolation.
 */
import type { Client, Pool, PoolClient, QueryResult } from 'pg';
import type { CacheKey, CacheScope, PgCaches } from './pg-cache.js';
import type { Upsert } from './pg-waiting.js';
import type { MemberRow } from '../ports/chats.js';
import { insertSql, updateSql } from '../sql/rows.js';
import { USERS_SQL } from '../sql/users.js';
import { UniqueViolation } from '../store.js';

/**
 * What PostgreSQL answers when a write met another transaction's rows: serialization_failure,
 * deadlock_detected, and lock_not_available (a row lock waited past the write connections'
 * `lock_timeout`, pg-store.ts: two nodes' writers that lock in opposite orders end in a deadlock
 * that PostgreSQL finds only after its deadlock_timeout, a second by default). The write runs again.
 */
export const CONFLICT_CODES: ReadonlySet<string> = new Set(['40001', '40P01', '55P03']);

export type Row = Record<string, unknown>;
export type Queryable = Pool | PoolClient | Client;

/** A write in progress (pg-transaction.ts): its connection, and its use of the caches. */
export interface WriteRoute {
  readonly scope: CacheScope;
  /** The transaction's kept reads. */
  readonly memo: ReadMemo;
  query(sql: string, params: unknown[]): Promise<QueryResult<Row>>;
  /** Sends the rows read or taken ahead (and what waits), if they wait (pg-transaction.ts). */
  readAhead(): Promise<void>;
  /** The same, if they take this chat's or bot's row. */
  takenAhead(row: { chat: number } | { bot: number }): Promise<void>;
  /** Inserts (upserts) a row into `table` later, with the next statement; `blind`: pg-waiting.ts. */
  insertLater(table: string, row: Record<string, unknown>, upsert?: Upsert, blind?: boolean): Promise<void>;
  /** Runs a statement that writes `table` later, with the next statement (it answers nothing). */
  runLater(table: string, sql: string, params: unknown[], rerunOn?: string): void;
  /** The next update id of a bot whose row the transaction holds; undefined when it does not. */
  heldUpdateId(botId: number, at: number): number | undefined;
  /** The increment of a bot's row answered `id`, at `at`. */
  holdUpdateIds(botId: number, id: number, at: number): void;
  /** The transaction sets the bot's last update id itself: its next id comes from the row. */
  releaseUpdateIds(botId: number): void;
  /** The transaction inserted the chat `pk` (tables/chats.ts). */
  insertedChat(pk: number): void;
  /** The transaction wrote a member row. */
  wroteMember(row: MemberRow): void;
  /** The members of a chat the transaction inserted; undefined for another chat. */
  ownMembers(chatPk: number): MemberRow[] | undefined;
  /** A member of a chat the transaction inserted; `known` false for another chat. */
  ownMember(chatPk: number, userId: number): { known: boolean; row?: MemberRow };
  /** The next id of a chat whose row the transaction holds; undefined when it does not. */
  heldMessageId(chatPk: number): number | undefined;
  /** A statement is about to lock a chat's or bot's row (pg-lock-order.ts). */
  locking(row: { chat: number } | { bot: number }): Promise<void>;
  /** The increment of a chat's row answered `id`; `drafts`: whether the chat had drafts then. */
  holdMessageIds(chatPk: number, id: number, drafts: boolean): void;
  /** Whether the chat is known to have no drafts (its row held, none put since). */
  withoutDrafts(chatPk: number): boolean;
  /** The transaction wrote a draft of the chat. */
  draftsChanged(chatPk: number): void;
}

/**
 * A statement as PostgreSQL gets it: `?` placeholders (outside quoted text) numbered as `$n`, and a
 * name, so that each connection parses and plans it once (a prepared statement) instead of at every
 * call. Cached per SQL text; the texts are the adapter's own, a bounded set.
 */
export interface Prepared {
  name: string;
  text: string;
}

const prepared = new Map<string, Prepared>();

export function numberPlaceholders(sql: string): string {
  return preparedOf(sql).text;
}

/** `sql` with its `?` placeholders (outside quoted text) numbered as `$n`. */
function numbered(sql: string): string {
  let n = 0;
  let quoted = false;
  let text = '';
  for (const char of sql) {
    if (char === "'") quoted = !quoted;
    text += char === '?' && !quoted ? `$${++n}` : char;
  }
  return text;
}

export function preparedOf(sql: string): Prepared {
  let statement = prepared.get(sql);
  if (statement === undefined) {
    statement = { name: `p${prepared.size + 1}`, text: numbered(sql) };
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
export function mapError(error: unknown): never {
  const pg = error as PgError;
  if (pg?.code === '23505') {
    const columns = /Key \((.+?)\)=/.exec(pg.detail ?? '')?.[1] ?? pg.constraint ?? 'unknown';
    throw new UniqueViolation(`${pg.table ?? 'unknown'}.${columns}`);
  }
  throw error;
}

/**
 * A bot's row by id (sql/users.ts getBot) and the increment of its update ids (nextUpdateId), the
 * very texts tables/users.ts runs: a transaction answers the first from the rows it read ahead
 * (ReadMemo's bots), and the second amends them.
 */
export const BOT_BY_ID_SQL = USERS_SQL.getBot;
const BOT_INCREMENT_SQL = USERS_SQL.nextUpdateId;

/** The tables a plain SELECT reads (undefined: not one whose answer may be kept). */
const readTables = new Map<string, string[] | undefined>();
/** The table a plain INSERT, UPDATE or DELETE writes (undefined: another statement). */
const writtenTable = new Map<string, string | undefined>();

function tablesRead(sql: string): string[] | undefined {
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
  readonly #answers = new Map<string, { tables: string[]; rows: Row[] }>();
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

export class PgSql {
  constructor(
    readonly db: Queryable,
    /** Where a query goes instead of `db` when it answers one (a write in progress). */
    private readonly route?: () => WriteRoute | undefined,
    /** Kept reads, when `db` is one transaction's client (else the write's, when routed to one). */
    private readonly ownMemo?: ReadMemo,
    /** How `db`'s reads and writes use the row caches (pg-cache.ts); none: every read asks. */
    private readonly scope?: CacheScope,
  ) {}

  async query(sql: string, params: unknown[]): Promise<QueryResult<Row>> {
    try {
      const write = this.route?.();
      if (write) return await write.query(sql, params);
      const { name, text } = preparedOf(sql);
      return await this.db.query<Row>({ name, text, values: params });
    } catch (error) {
      mapError(error);
    }
  }

  /** The write this connection is (or is routed to), if any. */
  get write(): WriteRoute | undefined {
    return this.route?.();
  }

  /** The kept reads of the transaction this connection is in, if any. */
  get memo(): ReadMemo | undefined {
    return this.ownMemo ?? this.route?.()?.memo;
  }

  /** The row caches as this connection (or the write it is routed to) may use them. */
  get cache(): CacheScope | undefined {
    return this.route?.()?.scope ?? this.scope;
  }

  /**
   * A row through the caches: the kept copy (`hit`) unless this transaction wrote it, else `read`
   * and, if the scope allows, `keep` it. Answers a copy, so that a caller changing it cannot change
   * the cache.
   */
  async cached<T extends object>(
    key: CacheKey,
    hit: (caches: PgCaches) => T | undefined,
    read: () => Promise<T | undefined>,
    keep: (caches: PgCaches, row: T) => void,
  ): Promise<T | undefined> {
    const scope = this.cache;
    if (!scope) return read();
    if (scope.fresh(key)) {
      const kept = hit(scope.caches);
      if (kept) return { ...kept };
    }
    const token = scope.token();
    const row = await read();
    if (row && scope.mayKeep(key, token)) keep(scope.caches, { ...row });
    return row;
  }

  /** The rows of a read; a transaction's plain read answers from its memo when it can. */
  async #rows(sql: string, params: unknown[]): Promise<Row[]> {
    const memo = this.memo;
    const tables = memo && tablesRead(sql);
    if (!memo || !tables) {
      if (memo && !/^\s*SELECT\b/i.test(sql)) memo.wrote(sql);
      return (await this.query(sql, params)).rows;
    }
    // A bot's row asked before the batch's first query: the read ahead goes now, in its place.
    if (sql === BOT_BY_ID_SQL) await this.write?.readAhead();
    const bot = sql === BOT_BY_ID_SQL ? memo.bot(params[0]) : undefined;
    if (bot) return bot.map((row) => ({ ...row }));
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    const kept = memo.get(key);
    // Copies: a caller may change the rows it gets.
    if (kept) return kept.map((row) => ({ ...row }));
    const rows = (await this.query(sql, params)).rows;
    memo.set(
      key,
      tables,
      rows.map((row) => ({ ...row })),
    );
    return rows;
  }

  async get(sql: string, ...params: unknown[]): Promise<Row | undefined> {
    return (await this.#rows(sql, params))[0];
  }

  async all(sql: string, ...params: unknown[]): Promise<Row[]> {
    return this.#rows(sql, params);
  }

  /** Runs a statement; answers how many rows it changed. */
  async run(sql: string, ...params: unknown[]): Promise<number> {
    this.memo?.wrote(sql);
    return (await this.query(sql, params)).rowCount ?? 0;
  }

  /** Inserts a row; with `returning`, answers that column of the new row (a generated key). */
  async insert(table: string, row: object, returning?: string): Promise<number | undefined> {
    const keys = Object.keys(row);
    const sql = returning ? `${insertSql(table, keys)} RETURNING ${returning}` : insertSql(table, keys);
    this.memo?.wrote(sql);
    const result = await this.query(
      sql,
      keys.map((k) => (row as Row)[k]),
    );
    return returning ? Number(result.rows[0]![returning]) : undefined;
  }

  /**
   * Inserts a row whose insert answers nothing the caller needs: in a write, it is sent with the
   * write's next statement (pg-transaction.ts); `blind`: its unique violation runs the write again.
   */
  async insertLater(
    table: string,
    row: object,
    upsert?: Upsert & { sql: string },
    blind?: boolean,
  ): Promise<void> {
    const write = this.route?.();
    if (!write)
      return void (upsert
        ? await this.run(upsert.sql, ...Object.values(row))
        : await this.insert(table, row));
    this.memo?.wrote(`INSERT INTO ${table}`);
    await write.insertLater(table, row as Row, upsert, blind);
  }

  /**
   * Runs a statement that writes `table` and answers nothing its caller needs (a delete, an update
   * of columns no unique index covers): in a write, it is sent with the write's next statement.
   */
  async runLater(table: string, sql: string, ...params: unknown[]): Promise<void> {
    const write = this.route?.();
    if (!write) return void (await this.run(sql, ...params));
    this.memo?.wrote(sql);
    write.runLater(table, sql, params);
  }

  /**
   * The next update id of a bot whose row the write holds, or takes ahead (tables/users.ts);
   * undefined if not.
   */
  async heldUpdateId(botId: number, at: number): Promise<number | undefined> {
    const write = this.route?.();
    if (!write) return undefined;
    await write.takenAhead({ bot: botId });
    return write.heldUpdateId(botId, at);
  }

  /**
   * The next message id of a chat whose row the write holds, or takes ahead (tables/chats.ts);
   * undefined if not.
   */
  async heldMessageId(chatPk: number): Promise<number | undefined> {
    const write = this.route?.();
    if (!write) return undefined;
    await write.takenAhead({ chat: chatPk });
    const id = write.heldMessageId(chatPk);
    if (id !== undefined) this.memo?.wrote('UPDATE chats');
    return id;
  }

  /** Sets the columns of `patch` on the row whose `key` column equals `id`. */
  async update(table: string, key: string, id: unknown, patch: object): Promise<void> {
    const keys = Object.keys(patch);
    if (keys.length === 0) return;
    const sql = updateSql(table, keys, `${key} = ?`);
    this.memo?.wrote(sql);
    await this.query(sql, [...keys.map((k) => (patch as Row)[k]), id]);
  }
}
