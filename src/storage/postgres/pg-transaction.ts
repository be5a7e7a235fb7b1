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
 * - Ids held: in a transaction whose writes commit or roll back together (one write, or a batch
 *   run without savepoints), a chat's first id is the increment of its row, or the row is taken
 *   ahead (its writes' keys named it), either of which locks the row until the commit; its next ids
 *   are counted here (pg-held-ids.ts), and the row's last_message_id is written as a waiting
 *   statement (so before anything reads the chats table, and before the commit). No other
 *   transaction takes an id of that chat meanwhile: ids still increase in commit order across
 *   processes (ports/chats.ts). Bots' update ids likewise. Chats' and bots' rows are locked in one
 *   order (pg-lock-order.ts), so that no two transactions wait for each other's.
 */
import type { Client, PoolClient, QueryResult } from 'pg';
import { TxScope, type PgCaches } from './pg-cache.js';
import {
  aheadStatements,
  HeldIds,
  messagesLeft,
  type Ahead,
  type SentAhead,
  type Statement,
  type TakenAhead,
} from './pg-held-ids.js';
import {
  CONFLICT_CODES,
  inOneWrite,
  mapError,
  preparedOf,
  ReadMemo,
  type Row,
  type WriteRoute,
} from './pg-sql.js';
import { LockOrder, isNowaitLock, lockedBy, type LockedRow } from './pg-lock-order.js';
import { blindFirst, blindHit, statementsOf, waitToInsert, waitToRun } from './pg-waiting.js';
import type { Blind, Later, Upsert, Waiting } from './pg-waiting.js';
import type { MemberRow } from '../ports/chats.js';

type Queryable = Client | PoolClient;

export class PgTransaction implements WriteRoute {
  readonly memo = new ReadMemo();
  readonly scope: TxScope;
  /** A statement met another transaction's rows: the write runs again (`#noteConflict`). */
  conflicted = false;
  /** The first such statement's SQLSTATE; `outOfOrder`: a NOWAIT lock's (pg-lock-order.ts). */
  conflictCode: string | undefined;
  outOfOrder = false;
  /** The order in which the transaction locks chats' and bots' rows. */
  readonly #order = new LockOrder();
  /** What waits, in order. */
  #waiting: Waiting[] = [];
  /** What goes ahead with the next query (`ahead`). */
  #ahead: Ahead | undefined;
  /** The ids this transaction counts (only when `holdsIds`). */
  readonly #held = new HeldIds();
  /**
   * Chats this transaction inserted, with the member rows it wrote in them: no other transaction
   * sees such a chat before the commit, so these are all the members it has.
   */
  readonly #ownChats = new Map<number, Map<number, MemberRow>>();

  constructor(
    readonly client: Queryable,
    caches: PgCaches,
    /** Whether the transaction's writes commit or roll back together (no savepoints). */
    private readonly holdsIds: boolean,
  ) {
    this.scope = new TxScope(caches);
  }

  get #anyWaiting(): boolean {
    return this.#waiting.length > 0 || this.#held.waiting;
  }

  /**
   * The rows the writes of the transaction (a batch) will likely read or take, by their keys: the
   * chats whose message ids they take and the bots they queue updates for, locked and read (their
   * ids then counted here from the first: pg-held-ids.ts), the other bots' rows and the messages
   * they name read; in one round trip with the transaction's first query, so that a person's
   * message to a bot waits for neither its chat's next id nor its bot's row and next update id, nor
   * a batch for one increment a write. The reads are in the transaction's snapshot, as a later read
   * would be (kept in the memo, pg-read-memo.ts); a transaction that sends no query reads and locks
   * nothing. Without held ids (savepoints), bots are only read. `taken`: what went ahead already,
   * with the commit before (the lane's): only the rest goes.
   */
  ahead(keys: Ahead, taken?: TakenAhead): void {
    const done = taken?.keys ?? { bots: [], queued: [], chats: [] };
    if (taken) {
      this.#order.took(lockedBy(taken.keys));
      this.#apply(taken.keys, taken.rows);
    }
    // Rows that rank before one taken go later, each locked when used (pg-lock-order.ts).
    const rest = (ids: number[], done: number[], row: (id: number) => LockedRow) =>
      this.holdsIds ? ids.filter((id) => !done.includes(id) && this.#order.mayWait(row(id))) : [];
    const queued = rest(keys.queued, done.queued, (bot) => ({ bot }));
    const chats = rest(keys.chats, done.chats, (chat) => ({ chat }));
    const bots = [...new Set([...keys.bots, ...keys.queued])].filter(
      (id) => !queued.includes(id) && !done.queued.includes(id) && !done.bots.includes(id),
    );
    const messages = messagesLeft(keys, done);
    if (bots.length + queued.length + chats.length + (messages?.length ?? 0) > 0)
      this.#ahead = { bots, queued, chats, ...(messages && { messages }) };
  }

  /** The rows that went ahead (in the order of `aheadStatements`): held, and kept in the memo. */
  #apply(keys: Ahead, rows: Row[][]): void {
    const answers = [...rows];
    if (keys.chats.length > 0) {
      const chats = answers.shift()!;
      if (this.holdsIds) this.#held.heldChats(chats);
    }
    if (keys.queued.length > 0) {
      const bots = answers.shift()!;
      if (this.holdsIds) this.#held.heldBots(bots);
      this.memo.keepBots(keys.queued, bots);
    }
    if (keys.bots.length > 0) this.memo.keepBots(keys.bots, answers.shift()!);
    if (keys.messages?.length) this.memo.keepMessages(keys.messages, answers.shift()!);
  }

  /** Sends what goes ahead, with what waits, if it has not gone yet. */
  async readAhead(): Promise<void> {
    if (this.#ahead !== undefined) await this.#sendWaiting(undefined);
  }

  /** Sends what goes ahead if it takes this chat's or bot's row (before its next id is asked). */
  async takenAhead(row: { chat: number } | { bot: number }): Promise<void> {
    const ahead = this.#ahead;
    if (ahead && ('chat' in row ? ahead.chats.includes(row.chat) : ahead.queued.includes(row.bot)))
      await this.#sendWaiting(undefined);
  }

  async query(sql: string, params: unknown[]): Promise<QueryResult<Row>> {
    if (!this.#anyWaiting && this.#ahead === undefined)
      return this.#send(sql, params).catch((error: unknown) => {
        this.#noteConflict(error);
        throw error;
      });
    return (await this.#sendWaiting({ sql, params }))!;
  }

  /**
   * What waits, then what goes ahead (after the transaction's own waiting writes, as a read at this
   * point would see them: chats, then bots, in the order every transaction locks them), then
   * `last`, in one round trip; answers `last`'s answer.
   */
  async #sendWaiting(last: Statement | undefined) {
    const ahead = this.#ahead;
    this.#ahead = undefined;
    const statements = this.#take();
    const first = statements.length;
    if (ahead) this.#order.took(lockedBy(ahead));
    if (ahead) statements.push(...aheadStatements(ahead));
    if (last) statements.push(last);
    const sent = this.#sendAll(statements);
    await this.#settle(last ? sent.slice(0, -1) : sent);
    if (ahead) {
      const answers = sent.slice(first, last ? -1 : undefined);
      this.#apply(ahead, await Promise.all(answers.map(async (answer) => (await answer).rows)));
    }
    return last ? sent.at(-1) : undefined;
  }

  /**
   * Inserts (`upsert`: upserts) a row into `table` later (it answers nothing the caller needs);
   * `blind`: a new row whose unique violation (of that constraint) runs the write again.
   */
  async insertLater(table: string, row: Row, upsert?: Upsert, blind?: Blind): Promise<void> {
    waitToInsert(this.#waiting, table, row, upsert, blind);
  }

  /**
   * Runs a statement that writes `table` later, with the transaction's next statement (its caller
   * needs no answer): a delete, or an update of columns no unique index covers. `later`: how it
   * waits (pg-waiting.ts), run again on a SQLSTATE or joined with the same statement of other keys.
   */
  runLater(table: string, sql: string, params: unknown[], later?: Later): void {
    waitToRun(this.#waiting, table, sql, params, later);
  }

  /**
   * A statement of this transaction is about to lock `row` (an increment, an update): if the row
   * ranks before one the transaction locked, a NOWAIT lock of it goes first (pg-lock-order.ts).
   * What goes ahead goes before (its rows would be locked after the NOWAIT's, before the statement).
   */
  async locking(row: LockedRow): Promise<void> {
    if (this.#ahead !== undefined) await this.#sendWaiting(undefined);
    const nowait = this.#order.lock(row);
    if (nowait) this.#waiting.push({ table: 'chat' in row ? 'chats' : 'bots', ...nowait });
  }

  /** The rows this transaction locked other than ahead (a run again takes them ahead). */
  get unnamed(): LockOrder['unnamed'] {
    return this.#order.unnamed;
  }

  /** The next id of a chat whose row this transaction holds; undefined when it does not. */
  heldMessageId(chatPk: number): number | undefined {
    // One statement writes every held chat's last id; nothing else of this transaction writes
    // chats while it waits (every statement sends it first).
    return this.#held.nextMessageId(chatPk);
  }

  /**
   * The next update id of a bot whose row this transaction holds (incremented or taken ahead), at
   * `at`; undefined when it does not. The row stays locked until the commit (ids increase in
   * commit order); its last id is written by a waiting statement, sent before any other.
   */
  heldUpdateId(botId: number, at: number): number | undefined {
    const id = this.#held.nextUpdateId(botId, at);
    // A bot row this transaction read before answers what the database will once that runs.
    if (id !== undefined)
      this.memo.amend('bots', (row) => row.id === botId, { last_update_id: id, last_update_at: at });
    return id;
  }

  /**
   * The transaction sets the bot's last update id itself (ids start again): what it held is sent
   * first (the statement that sets it sends what waits), and its next id comes from the row again.
   */
  releaseUpdateIds(botId: number): void {
    this.#held.release(botId);
  }

  /** The increment of a bot's row answered `id` (at `at`): the row is held until the commit. */
  holdUpdateIds(botId: number, id: number, at: number): void {
    // A bot row read ahead (the memo keeps it through this increment) answers the new values.
    this.memo.amend('bots', (row) => row.id === botId, { last_update_id: id, last_update_at: at });
    if (this.holdsIds) this.#held.holdBot(botId, id, at);
  }

  /**
   * The increment of a chat's row answered `id`: the row is held until the commit. `drafts`: whether
   * the chat had drafts then (the same statement read it, in the transaction's snapshot).
   */
  holdMessageIds(chatPk: number, id: number, drafts: boolean): void {
    if (this.holdsIds) this.#held.holdChat(chatPk, id, drafts);
  }

  /**
   * Whether the chat has no drafts: its row is held and neither it had any nor this transaction put
   * one. A DELETE of its drafts would find none: it reads the same snapshot, which the transaction's
   * own writes alone change, and SERIALIZABLE checks that read as it would the DELETE's.
   */
  withoutDrafts(chatPk: number): boolean {
    return this.#held.withoutDrafts(chatPk);
  }

  /** This transaction wrote a draft of the chat. */
  draftsChanged(chatPk: number): void {
    this.#held.draftsChanged(chatPk);
  }

  /**
   * The running write was rolled back to its savepoint: what it left waiting goes too. (Held ids
   * are never in a transaction with savepoints.)
   */
  rolledBack(): void {
    this.#waiting = [];
    this.#order.rolledBack();
    // What the write knew of the chats it inserted may be undone: the database answers again.
    this.#ownChats.clear();
  }

  /** This transaction inserted the chat `pk`. */
  insertedChat(pk: number): void {
    this.#order.own({ chat: pk });
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
   * is its answer, which says whether it worked), then, after `next`, what goes ahead for the next
   * transaction's writes (`nextAhead`: `ahead` is what was sent, with its answers: reads and row
   * locks, which would do nothing outside a transaction); the connection is in pipeline mode
   * (pg-writes.ts).
   * A transaction that failed (a statement left waiting, or an error a write caught and went on
   * from) is rolled back by PostgreSQL's COMMIT, which says so only by its answer: that is an error
   * here, as is the first failed statement's own.
   */
  async commit(
    notify?: Statement,
    next?: string,
    nextAhead?: Ahead,
  ): Promise<{ after?: Promise<unknown>; ahead?: SentAhead }> {
    const { before, committed, after, ahead } = inOneWrite(this.client, () => ({
      before: this.#sendAll([...this.#take(), ...(notify ? [notify] : [])]),
      committed: this.client.query('COMMIT'),
      after: next === undefined ? undefined : this.client.query(next),
      ahead:
        next === undefined || nextAhead === undefined
          ? undefined
          : { keys: nextAhead, answers: this.#sendAll(aheadStatements(nextAhead)) },
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
    return { after, ahead };
  }

  /** The waiting statements, taken out (blind inserts before the held ids: pg-waiting.ts). */
  #take(): Statement[] {
    const { blind, rest } = blindFirst(this.#waiting);
    this.#waiting = [];
    return [...blind.flatMap(statementsOf), ...this.#held.take(), ...rest.flatMap(statementsOf)];
  }

  #send(sql: string, params: unknown[]): Promise<QueryResult<Row>> {
    const { name, text } = preparedOf(sql);
    return this.client.query<Row>({ name, text, values: params });
  }

  /** Sends statements, in one write to the socket; none of their failures goes unhandled. */
  #sendAll(statements: Statement[]): Array<Promise<QueryResult<Row>>> {
    const sent = inOneWrite(this.client, () => statements.map((s) => this.#send(s.sql, s.params)));
    sent.forEach((answer, i) =>
      answer.catch((error: unknown) => {
        const code = (error as { code?: string }).code;
        // A NOWAIT lock met another transaction's (a statement that follows a failed one fails 25P02).
        if (isNowaitLock(statements[i]!.sql) && code === '55P03') this.outOfOrder = true;
        // A blind insert's row exists (pg-waiting.ts): the write runs again.
        if (blindHit(statements[i]!, error)) this.#noteConflict(error, true);
        // A statement whose hint proved wrong (`runLater`) likewise.
        if (code !== undefined && statements[i]!.rerunOn === code) this.#noteConflict(error, true);
      }),
    );
    return sent;
  }

  /** Waits for statements sent together; the first failure (as the port names it) fails all. */
  async #settle(sent: Array<Promise<unknown>>): Promise<void> {
    try {
      for (const answer of sent) await answer;
    } catch (error) {
      await Promise.allSettled(sent);
      this.#noteConflict(error);
      mapError(error);
    }
  }

  /**
   * A statement met another transaction's rows (a serialization failure, a deadlock): the
   * transaction is over, whatever a write's fn makes of the error (a read's failure may be taken
   * for "not found"), and the lane runs the write again (`conflicted`); `blind`: a blind insert's
   * unique violation (pg-waiting.ts), whatever its code.
   */
  #noteConflict(error: unknown, blind = false): void {
    const code = (error as { code?: string })?.code;
    if (!(blind || CONFLICT_CODES.has(code ?? '')) || this.conflicted) return;
    this.conflicted = true;
    this.conflictCode = code;
  }
}
