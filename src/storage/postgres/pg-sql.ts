/**
 * Queries of the PostgreSQL adapter on one connection (a transaction's client) or on the pool
 * (reads outside a write), with the shapes every area needs (get, all, run, insert, update), as the
 * SQLite adapter's SqlStatements has them. SQL is written with `?` placeholders, numbered `$1..$n`
 * here once per text; unique-constraint failures become the port's UniqueViolation.
 */
import type { Client, Pool, PoolClient, QueryResult } from 'pg';
import type { CacheKey, CacheScope, PgCaches } from './pg-cache.js';
import type { Blind, Later, Upsert } from './pg-waiting.js';
import type { MemberRow } from '../ports/chats.js';
import { insertSql, updateSql } from '../sql/rows.js';
import { MESSAGES_SQL } from '../sql/messages.js';
import { USERS_SQL } from '../sql/users.js';
import { memoKey, ReadMemo, tablesRead } from './pg-read-memo.js';
import { UniqueViolation } from '../store.js';

export { ReadMemo };

/**
 * What PostgreSQL answers when a write met another transaction's rows: serialization_failure,
 * deadlock_detected, and lock_not_available (a row lock waited past the write connections'
 * `lock_timeout`, pg-store.ts: two nodes' writers that lock in opposite orders end in a deadlock
 * that PostgreSQL finds only after its deadlock_timeout, a second by default). The write runs again.
 */
export const CONFLICT_CODES: ReadonlySet<string> = new Set(['40001', '40P01', '55P03']);

export type Row = Record<string, unknown>;
export type Queryable = Pool | PoolClient | Client;

/**
 * What `send` sends, in one write to the socket: pg writes each query on its own, and each write is
 * a system call (which, on loopback, also wakes the database's process).
 */
export function inOneWrite<T>(client: Client | PoolClient, send: () => T): T {
  const stream = (client as { connection?: { stream?: { cork?: () => void; uncork?: () => void } } })
    .connection?.stream;
  stream?.cork?.();
  try {
    return send();
  } finally {
    stream?.uncork?.();
  }
}

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
  insertLater(table: string, row: Record<string, unknown>, upsert?: Upsert, blind?: Blind): Promise<void>;
  /** Runs a statement that writes `table` later, with the next statement (it answers nothing). */
  runLater(table: string, sql: string, params: unknown[], later?: Later): void;
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
 * A bot's row by id (sql/users.ts getBot), the very text tables/users.ts runs: a transaction answers
 * it from the rows it read ahead (ReadMemo's bots; the increment of its update ids amends them).
 */
export const BOT_BY_ID_SQL = USERS_SQL.getBot;
/** A message by its key (sql/messages.ts getMessage): an edit's may have been read ahead. */
const MESSAGE_BY_ID_SQL = MESSAGES_SQL.getMessage;

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
    // A bot's row (or a message) asked before the batch's first query: the read ahead goes now.
    if (sql === BOT_BY_ID_SQL || sql === MESSAGE_BY_ID_SQL) await this.write?.readAhead();
    const bot = sql === BOT_BY_ID_SQL ? memo.bot(params[0]) : undefined;
    if (bot) return bot.map((row) => ({ ...row }));
    const key = memoKey(sql, params);
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
    blind?: Blind,
  ): Promise<void> {
    const write = this.route?.();
    if (!write)
      return void (upsert
        ? await this.run(upsert.sql, ...Object.values(row))
        : await this.insert(table, row));
    if (upsert) this.memo?.wrote(`INSERT INTO ${table}`);
    else this.memo?.inserted(table);
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
   * As `runLater`, a statement of one key's ids (`WHERE a = ? AND b = ANY(?)`) that joins the same
   * statement of other keys waiting in the write as `joined` (pg-waiting.ts `Later`).
   */
  async runLaterJoined(
    table: string,
    sql: string,
    joined: string,
    key: unknown,
    ids: readonly unknown[],
  ): Promise<void> {
    const write = this.route?.();
    if (!write) return void (await this.run(sql, key, ids));
    this.memo?.wrote(sql);
    write.runLater(table, sql, [key, ids], { joined });
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
