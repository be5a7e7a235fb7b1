/**
 * One write transaction's connection (pg-store.ts runs a batch of writes, or one write, in it): what
 * it sends, in fewer round trips than one a call, without changing what any statement sees. Each
 * round trip of a batch waits for the event loop, which serves the requests too: under load they,
 * not the database, bound how fast a batch goes (ADR 0025, "Fewer round trips a write").
 *
 * - Statements sent later: an insert whose caller needs no answer (a message row) is not sent at
 *   once but with the transaction's next statement, in one round trip (the connection is in
 *   pipeline mode: statements are sent without waiting for the answers of those before, and run in
 *   order); inserts into one table that wait together go as one multi-row insert. A waiting
 *   statement's error surfaces at the statement it went with, or when the write ends: the write
 *   fails as it would have.
 * - Message ids held: in a transaction whose writes commit or roll back together (one write, or a
 *   batch run without savepoints), a chat's first id is the increment of its row, which locks the
 *   row until the commit; its next ids are counted here, and the row's last_message_id is written
 *   as a waiting statement (so before anything reads the chats table, and before the commit). No
 *   other transaction takes an id of that chat meanwhile: ids still increase in commit order across
 *   processes (ports/chats.ts).
 */
import type { Client, PoolClient, QueryResult } from 'pg';
import { TxScope, type PgCaches } from './pg-cache.js';
import { mapError, preparedOf, ReadMemo, type Row, type WriteRoute } from './pg-sql.js';
import type { MemberRow } from '../ports/chats.js';

type Queryable = Client | PoolClient;

/**
 * What waits to go with the next statement, in the order the writes asked: rows to insert into one
 * table, or one statement that writes one table (a delete or an update whose caller needs no answer).
 */
type Waiting = { table: string } & (
  { columns: string[]; rows: unknown[][] } | { sql: string; params: unknown[] }
);

/**
 * Rows a multi-row insert has at most: each number of rows is a statement prepared on the
 * connection (PostgreSQL keeps some 2.5 KB a row of one), so more rows go in several.
 */
const ROWS_PER_INSERT = 32;

/** Multi-row inserts' texts, by table, columns and number of rows. */
const insertTexts = new Map<string, string>();

function insertText(table: string, columns: string[], rows: number): string {
  const key = `${table}(${columns.join()})${rows}`;
  let sql = insertTexts.get(key);
  if (sql === undefined) {
    const row = `(${columns.map(() => '?').join(', ')})`;
    sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array.from({ length: rows }, () => row).join(', ')}`;
    insertTexts.set(key, sql);
  }
  return sql;
}

function statementsOf(waiting: Waiting): Array<{ sql: string; params: unknown[] }> {
  if ('sql' in waiting) return [waiting];
  const { table } = waiting;
  const statements = [];
  for (let i = 0; i < waiting.rows.length; i += ROWS_PER_INSERT) {
    const rows = waiting.rows.slice(i, i + ROWS_PER_INSERT);
    statements.push({ sql: insertText(table, waiting.columns, rows.length), params: rows.flat() });
  }
  return statements;
}

/** Writes the last id of the one chat, or of each of several, whose row a transaction holds. */
const HELD_ID_SQL = 'UPDATE chats SET last_message_id = ? WHERE pk = ?';
const HELD_IDS_SQL = `UPDATE chats AS c SET last_message_id = v.last
  FROM unnest(?::bigint[], ?::bigint[]) AS v(pk, last) WHERE c.pk = v.pk`;
/** The same for bots' last update ids (and when they were handed out). */
const HELD_UPDATE_ID_SQL = 'UPDATE bots SET last_update_id = ?, last_update_at = ? WHERE id = ?';
/** Bots' rows read ahead (`prefetchBots`). */
const BOTS_BY_IDS_SQL = 'SELECT * FROM bots WHERE id = ANY(?::bigint[])';
const HELD_UPDATE_IDS_SQL = `UPDATE bots AS b SET last_update_id = v.last, last_update_at = v.at
  FROM unnest(?::bigint[], ?::bigint[], ?::bigint[]) AS v(id, last, at) WHERE b.id = v.id`;

/**
 * What `send` sends, in one write to the socket: pg writes each query on its own, and each write is
 * a system call (which, on loopback, also wakes the database's process).
 */
export function inOneWrite<T>(client: Queryable, send: () => T): T {
  const stream = (client as { connection?: { stream?: { cork?: () => void; uncork?: () => void } } })
    .connection?.stream;
  stream?.cork?.();
  try {
    return send();
  } finally {
    stream?.uncork?.();
  }
}

export class PgTransaction implements WriteRoute {
  readonly memo = new ReadMemo();
  readonly scope: TxScope;
  /** What waits, in order. */
  #waiting: Waiting[] = [];
  /** Bots whose rows go with the next query (`prefetchBots`). */
  #prefetch: number[] | undefined;
  /** The statement that writes the held chats' (and bots') last ids, when it waits. */
  #heldChatsWrite: Waiting | undefined;
  #heldBotsWrite: Waiting | undefined;
  /** The last id handed out per chat whose row this transaction holds (only when `holdsIds`). */
  readonly #held = new Map<number, number>();
  /** The same per bot, of update ids, with the time they were last handed out at. */
  readonly #heldUpdates = new Map<number, { last: number; at: number }>();
  /**
   * Chats this transaction inserted, with the member rows it wrote in them: no other transaction
   * sees such a chat before the commit, so these are all the members it has.
   */
  readonly #ownChats = new Map<number, Map<number, MemberRow>>();
  /** Held chats that had no drafts when their row was taken, nor since in this transaction. */
  readonly #withoutDrafts = new Set<number>();

  constructor(
    readonly client: Queryable,
    caches: PgCaches,
    /** Whether the transaction's writes commit or roll back together (no savepoints). */
    private readonly holdsIds: boolean,
  ) {
    this.scope = new TxScope(caches);
  }

  get #anyWaiting(): boolean {
    return (
      this.#waiting.length > 0 || this.#heldChatsWrite !== undefined || this.#heldBotsWrite !== undefined
    );
  }

  /**
   * The bots whose rows the writes of the transaction (a batch) will likely read (their keys' bots):
   * read in one statement sent with the transaction's first query, and kept in the memo (pg-sql.ts),
   * so that a person's message to a bot does not wait a round trip for its bot's row. The reads are
   * in the transaction's snapshot, as a later read would be; a transaction that sends no query
   * (its statements all go with the commit) reads nothing.
   */
  prefetchBots(ids: number[]): void {
    if (ids.length > 0) this.#prefetch = ids;
  }

  /** Sends the bots' rows read ahead, with what waits, if they have not gone yet. */
  async readAhead(): Promise<void> {
    if (this.#prefetch !== undefined) await this.#sendWaiting(undefined);
  }

  async query(sql: string, params: unknown[]): Promise<QueryResult<Row>> {
    if (!this.#anyWaiting && this.#prefetch === undefined) return this.#send(sql, params);
    return (await this.#sendWaiting({ sql, params }))!;
  }

  /**
   * What waits, then the bots' rows read ahead (after the transaction's own waiting writes, as a
   * read at this point would see them), then `last`, in one round trip; answers `last`'s answer.
   */
  async #sendWaiting(last: { sql: string; params: unknown[] } | undefined) {
    const prefetch = this.#prefetch;
    this.#prefetch = undefined;
    const statements = this.#take();
    if (prefetch) statements.push({ sql: BOTS_BY_IDS_SQL, params: [prefetch] });
    if (last) statements.push(last);
    const sent = this.#sendAll(statements);
    await this.#settle(last ? sent.slice(0, -1) : sent);
    if (prefetch) this.memo.keepBots(prefetch, (await sent[last ? sent.length - 2 : sent.length - 1]!).rows);
    return last ? sent.at(-1) : undefined;
  }

  /** Inserts a row into `table` later (its insert answers nothing the caller needs). */
  async insertLater(table: string, row: Record<string, unknown>): Promise<void> {
    const columns = Object.keys(row);
    // Rows join the table's last waiting insert when nothing of that table waits after it: the
    // statements of other tables that wait in between neither read nor write it.
    const waiting = this.#waiting.findLast((w) => w.table === table);
    if (waiting && 'rows' in waiting && waiting.columns.join() === columns.join()) {
      waiting.rows.push(columns.map((column) => row[column]));
      return;
    }
    this.#waiting.push({ table, columns, rows: [columns.map((column) => row[column])] });
  }

  /**
   * Runs a statement that writes `table` later, with the transaction's next statement (its caller
   * needs no answer): a delete, or an update of columns no unique index covers.
   */
  runLater(table: string, sql: string, params: unknown[]): void {
    this.#waiting.push({ table, sql, params });
  }

  /** The next id of a chat whose row this transaction holds; undefined when it does not. */
  heldMessageId(chatPk: number): number | undefined {
    const last = this.#held.get(chatPk);
    if (last === undefined) return undefined;
    this.#held.set(chatPk, last + 1);
    // One statement writes every held chat's last id; nothing else of this transaction writes
    // chats while it waits (every statement sends it first).
    this.#heldChatsWrite =
      this.#held.size === 1
        ? { table: 'chats', sql: HELD_ID_SQL, params: [last + 1, chatPk] }
        : { table: 'chats', sql: HELD_IDS_SQL, params: [[...this.#held.keys()], [...this.#held.values()]] };
    return last + 1;
  }

  /**
   * The next update id of a bot whose row this transaction holds (its increment answered before in
   * this transaction), handed out at `at`; undefined when it does not. As with message ids, the
   * bot's row stays locked until the commit, so ids still increase in commit order across
   * processes; its last id is written by a waiting statement, sent before any other.
   */
  heldUpdateId(botId: number, at: number): number | undefined {
    const held = this.#heldUpdates.get(botId);
    if (held === undefined) return undefined;
    held.last += 1;
    held.at = at;
    const bots = [...this.#heldUpdates];
    this.#heldBotsWrite =
      bots.length === 1
        ? { table: 'bots', sql: HELD_UPDATE_ID_SQL, params: [held.last, at, botId] }
        : {
            table: 'bots',
            sql: HELD_UPDATE_IDS_SQL,
            params: [bots.map(([id]) => id), bots.map(([, h]) => h.last), bots.map(([, h]) => h.at)],
          };
    // A bot row this transaction read before answers what the database will once that runs.
    this.memo.amend('bots', (row) => row.id === botId, { last_update_id: held.last, last_update_at: at });
    return held.last;
  }

  /**
   * The transaction sets the bot's last update id itself (ids start again): what it held is sent
   * first (the statement that sets it sends what waits), and its next id comes from the row again.
   */
  releaseUpdateIds(botId: number): void {
    this.#heldUpdates.delete(botId);
  }

  /** The increment of a bot's row answered `id` (at `at`): the row is held until the commit. */
  holdUpdateIds(botId: number, id: number, at: number): void {
    // A bot row read ahead (the memo keeps it through this increment) answers the new values.
    this.memo.amend('bots', (row) => row.id === botId, { last_update_id: id, last_update_at: at });
    if (this.holdsIds) this.#heldUpdates.set(botId, { last: id, at });
  }

  /**
   * The increment of a chat's row answered `id`: the row is held until the commit. `drafts`: whether
   * the chat had drafts then (the same statement read it, in the transaction's snapshot).
   */
  holdMessageIds(chatPk: number, id: number, drafts: boolean): void {
    if (!this.holdsIds) return;
    this.#held.set(chatPk, id);
    if (drafts) this.#withoutDrafts.delete(chatPk);
    else this.#withoutDrafts.add(chatPk);
  }

  /**
   * Whether the chat has no drafts: its row is held and neither it had any nor this transaction put
   * one. A DELETE of its drafts would find none: it reads the same snapshot, which the transaction's
   * own writes alone change, and SERIALIZABLE checks that read as it would the DELETE's.
   */
  withoutDrafts(chatPk: number): boolean {
    return this.#withoutDrafts.has(chatPk);
  }

  /** This transaction wrote a draft of the chat. */
  draftsChanged(chatPk: number): void {
    this.#withoutDrafts.delete(chatPk);
  }

  /**
   * The running write was rolled back to its savepoint: what it left waiting goes too. (Held ids
   * are never in a transaction with savepoints.)
   */
  rolledBack(): void {
    this.#waiting = [];
    // What the write knew of the chats it inserted may be undone: the database answers again.
    this.#ownChats.clear();
  }

  /** This transaction inserted the chat `pk`. */
  insertedChat(pk: number): void {
    this.#ownChats.set(pk, new Map());
  }

  /** This transaction wrote a member row. */
  wroteMember(row: MemberRow): void {
    this.#ownChats.get(row.chat_pk)?.set(row.user_id, { ...row });
  }

  /**
   * The members of a chat this transaction inserted (copies, by user id), or undefined for another
   * chat (the database answers).
   */
  ownMembers(chatPk: number): MemberRow[] | undefined {
    const members = this.#ownChats.get(chatPk);
    if (!members) return undefined;
    return [...members.values()].sort((a, b) => a.user_id - b.user_id).map((row) => ({ ...row }));
  }

  /** A member of a chat this transaction inserted: `known` false for another chat. */
  ownMember(chatPk: number, userId: number): { known: boolean; row?: MemberRow } {
    const members = this.#ownChats.get(chatPk);
    if (!members) return { known: false };
    const row = members.get(userId);
    return { known: true, row: row && { ...row } };
  }

  /** Sends what waits. */
  async flush(): Promise<void> {
    if (this.#anyWaiting) await this.#settle(this.#sendAll(this.#take()));
  }

  /**
   * Commits, in one round trip with what waits, `notify` (a statement that must commit with the
   * rest) and `next` (a statement for after the commit, e.g. the next transaction's BEGIN: `after`
   * is its answer, which says whether it worked); the connection is in pipeline mode (pg-writes.ts).
   * A transaction that failed (a statement left waiting, or an error a write caught and went on
   * from) is rolled back by PostgreSQL's COMMIT, which says so only by its answer: that is an error
   * here, as is the first failed statement's own.
   */
  async commit(
    notify?: { sql: string; params: unknown[] },
    next?: string,
  ): Promise<{ after?: Promise<unknown> }> {
    const { before, committed, after } = inOneWrite(this.client, () => ({
      before: this.#sendAll([...this.#take(), ...(notify ? [notify] : [])]),
      committed: this.client.query('COMMIT'),
      after: next === undefined ? undefined : this.client.query(next),
    }));
    committed.catch(() => undefined);
    after?.catch(() => undefined);
    try {
      await this.#settle(before);
    } catch (error) {
      await committed.catch(() => undefined);
      throw error;
    }
    const result = await committed;
    if (result.command !== 'COMMIT') throw new Error('the transaction failed and was rolled back');
    return { after };
  }

  /** The waiting statements, taken out. */
  #take(): Array<{ sql: string; params: unknown[] }> {
    const held = [this.#heldChatsWrite, this.#heldBotsWrite].filter((w) => w !== undefined);
    const statements = [...held, ...this.#waiting].flatMap(statementsOf);
    this.#waiting = [];
    this.#heldChatsWrite = undefined;
    this.#heldBotsWrite = undefined;
    return statements;
  }

  #send(sql: string, params: unknown[]): Promise<QueryResult<Row>> {
    const { name, text } = preparedOf(sql);
    return this.client.query<Row>({ name, text, values: params });
  }

  /** Sends statements, in one write to the socket; none of their failures goes unhandled. */
  #sendAll(statements: Array<{ sql: string; params: unknown[] }>): Array<Promise<QueryResult<Row>>> {
    const sent = inOneWrite(this.client, () => statements.map((s) => this.#send(s.sql, s.params)));
    for (const answer of sent) answer.catch(() => undefined);
    return sent;
  }

  /** Waits for statements sent together; the first failure (as the port names it) fails all. */
  async #settle(sent: Array<Promise<unknown>>): Promise<void> {
    try {
      for (const answer of sent) await answer;
    } catch (error) {
      await Promise.allSettled(sent);
      mapError(error);
    }
  }
}
