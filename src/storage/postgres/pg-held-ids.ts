/**
 * The ids a write transaction counts itself (pg-transaction.ts): chats' message ids and bots' update
 * ids, each of a row the transaction holds locked until its commit. A row is held from its first
 * increment (`UPDATE ... RETURNING`), or from the transaction's first round trip when the writes'
 * keys named it (taken ahead: one `SELECT ... FOR UPDATE` locks and reads a batch's chats, one the
 * bots it queues updates for, sent with the batch's first statement, or with the commit before it
 * when its writes were queued by then: pg-write-lane.ts). Either way no other
 * transaction takes an id of that row until the commit, so ids still increase in commit order
 * across lanes and processes (ports/chats.ts, ports/users.ts), and the ids counted here are written
 * back by one statement (one `unnest` update for several rows) before the commit. A row taken ahead
 * whose ids the transaction does not use is not written: its lock ends with the commit.
 */
import type { QueryResult } from 'pg';
import type { Row } from './pg-sql.js';
import type { Statement } from './pg-waiting.js';
import type { WriteKey } from '../store.js';

export type { Statement };

/** Writes the last id of the one chat, or of each of several, whose row a transaction holds. */
const HELD_ID_SQL = 'UPDATE chats SET last_message_id = ? WHERE pk = ?';
const HELD_IDS_SQL = `UPDATE chats AS c SET last_message_id = v.last
  FROM unnest(?::bigint[], ?::bigint[]) AS v(pk, last) WHERE c.pk = v.pk`;
/** The same for bots' last update ids (and when they were handed out). */
const HELD_UPDATE_ID_SQL = 'UPDATE bots SET last_update_id = ?, last_update_at = ? WHERE id = ?';
const HELD_UPDATE_IDS_SQL = `UPDATE bots AS b SET last_update_id = v.last, last_update_at = v.at
  FROM unnest(?::bigint[], ?::bigint[], ?::bigint[]) AS v(id, last, at) WHERE b.id = v.id`;

/**
 * Chats taken ahead: locked (in the order of their keys, as every transaction that takes several
 * does) and read with what their increment reads, whether they have drafts (tables/chats.ts).
 */
const CHATS_AHEAD_SQL = `SELECT c.pk, c.last_message_id,
  EXISTS (SELECT 1 FROM message_drafts d WHERE d.chat_pk = c.pk) AS drafts
  FROM chats c WHERE c.pk = ANY(?::bigint[]) ORDER BY c.pk FOR UPDATE OF c`;
/** Bots taken ahead: their whole rows (the transaction's reads of them answer from these). */
const BOTS_AHEAD_SQL = 'SELECT * FROM bots WHERE id = ANY(?::bigint[]) ORDER BY id FOR UPDATE';

/** Bots' rows read ahead (`ahead`), those whose ids the batch does not take. */
const BOTS_BY_IDS_SQL = 'SELECT * FROM bots WHERE id = ANY(?::bigint[])';

/** Messages read ahead (`ahead`), by (chat pk, message id). */
const MESSAGES_AHEAD_SQL = `SELECT * FROM messages
  WHERE (chat_pk, message_id) IN (SELECT * FROM unnest(?::bigint[], ?::bigint[]))`;

/**
 * What a batch's writes' keys name (store.ts WriteKey): the bots whose rows they read, those among
 * them whose update ids they take (they queue an update), and the chats whose message ids they take.
 */
export interface Ahead {
  bots: number[];
  queued: number[];
  chats: number[];
  /** Messages (chat pk, message id) read, not locked: kept for the transaction's reads of them. */
  messages?: Array<readonly [number, number]>;
}

/** The rows that go ahead for a batch's writes, by their keys (PgTransaction.ahead). */
export function aheadOf(batch: ReadonlyArray<{ key: WriteKey | undefined }>): Ahead {
  const bots = new Set<number>();
  const queued = new Set<number>();
  const chats = new Set<number>();
  const messages: Array<readonly [number, number]> = [];
  for (const { key } of batch) {
    if (key?.bot !== undefined) (key.queues ? queued : bots).add(key.bot);
    for (const bot of key?.bots ?? []) (key!.queues ? queued : bots).add(bot);
    if (key?.chat !== undefined) chats.add(key.chat);
    if (key?.messages) messages.push(...key.messages);
  }
  // A bot whose row is locked (queued) is read with its lock: not read a second time.
  const ahead = { bots: [...bots].filter((id) => !queued.has(id)), queued: [...queued], chats: [...chats] };
  return messages.length > 0 ? { ...ahead, messages } : ahead;
}

/** The messages of `keys` not read in `done` (only read, never locked); undefined when none. */
export function messagesLeft(keys: Ahead, done: Ahead): Ahead['messages'] {
  const left = (keys.messages ?? []).filter(
    ([c, m]) => !done.messages?.some(([dc, dm]) => dc === c && dm === m),
  );
  return left.length > 0 ? left : undefined;
}

/** `keys` and the rows a run before locked other than ahead (LockOrder `unnamed`), locked ahead. */
export function withUnnamed(keys: Ahead, unnamed: { chats: Set<number>; bots: Set<number> }): Ahead {
  if (unnamed.chats.size + unnamed.bots.size === 0) return keys;
  const queued = [...new Set([...keys.queued, ...unnamed.bots])];
  return {
    ...keys,
    bots: keys.bots.filter((id) => !queued.includes(id)),
    queued,
    chats: [...new Set([...keys.chats, ...unnamed.chats])],
  };
}

/**
 * How many of `queue`'s first writes (at most `max`) lock only rows that `taken` locked (ahead,
 * with the commit before): at least one. The writes after them wait for the next batch, whose rows
 * go ahead with this one's commit: a batch never locks rows ahead in a second statement after its
 * first (which would rank before rows it holds: pg-lock-order.ts).
 */
export function coveredBy(
  taken: Ahead,
  queue: ReadonlyArray<{ key: WriteKey | undefined }>,
  max: number,
): number {
  let n = 0;
  for (const { key } of queue.slice(0, max)) {
    if (key?.chat !== undefined && !taken.chats.includes(key.chat)) break;
    if (key?.queues && key.bot !== undefined && !taken.queued.includes(key.bot)) break;
    if (key?.queues && key.bots?.some((bot) => !taken.queued.includes(bot))) break;
    n += 1;
  }
  return Math.max(n, 1);
}

/** Rows that went ahead with the commit before (`commit`'s `nextAhead`), and their answers. */
export interface SentAhead {
  keys: Ahead;
  answers: Array<Promise<QueryResult<Row>>>;
}

/** The rows of a `SentAhead` whose statements all answered, in the order of `aheadStatements`. */
export interface TakenAhead {
  keys: Ahead;
  rows: Row[][];
}

/**
 * The statements that take `keys` ahead: chats, then bots (the order in which every transaction
 * takes them: a message's id before its update's), each locked in the order of its key.
 */
export function aheadStatements(keys: Ahead): Statement[] {
  const statements: Statement[] = [];
  if (keys.chats.length > 0) statements.push({ sql: CHATS_AHEAD_SQL, params: [keys.chats] });
  if (keys.queued.length > 0) statements.push({ sql: BOTS_AHEAD_SQL, params: [keys.queued] });
  if (keys.bots.length > 0) statements.push({ sql: BOTS_BY_IDS_SQL, params: [keys.bots] });
  const messages = keys.messages ?? [];
  if (messages.length > 0)
    statements.push({
      sql: MESSAGES_AHEAD_SQL,
      params: [messages.map(([chat]) => chat), messages.map(([, id]) => id)],
    });
  return statements;
}

/** The rows of what went ahead, once all its statements answered; undefined when one failed. */
export async function takenRows(sent: SentAhead): Promise<TakenAhead | undefined> {
  const rows: Row[][] = [];
  for (const answer of await Promise.allSettled(sent.answers)) {
    if (answer.status === 'rejected') return undefined;
    rows.push(answer.value.rows);
  }
  return { keys: sent.keys, rows };
}

export class HeldIds {
  /** The last id handed out (or read) per chat whose row the transaction holds. */
  readonly #chats = new Map<number, number>();
  /** Chats whose last id the transaction changed and has not yet written. */
  readonly #chatsChanged = new Set<number>();
  /** The same per bot, of update ids, with the time they were last handed out at. */
  readonly #bots = new Map<number, { last: number; at: number }>();
  readonly #botsChanged = new Set<number>();
  /** Bots released (`release`) with ids counted and not yet written: written all the same. */
  readonly #released = new Map<number, { last: number; at: number }>();
  /** Held chats that had no drafts when their row was taken, nor since in this transaction. */
  readonly #withoutDrafts = new Set<number>();

  /** Whether a statement that writes held ids waits. */
  get waiting(): boolean {
    return this.#chatsChanged.size > 0 || this.#botsChanged.size > 0 || this.#released.size > 0;
  }

  /** The next id of a chat whose row is held; undefined when it is not. */
  nextMessageId(chatPk: number): number | undefined {
    const last = this.#chats.get(chatPk);
    if (last === undefined) return undefined;
    this.#chats.set(chatPk, last + 1);
    this.#chatsChanged.add(chatPk);
    return last + 1;
  }

  /** The next update id of a bot whose row is held, handed out at `at`; undefined when it is not. */
  nextUpdateId(botId: number, at: number): number | undefined {
    const held = this.#bots.get(botId);
    if (held === undefined) return undefined;
    held.last += 1;
    held.at = at;
    this.#botsChanged.add(botId);
    return held.last;
  }

  /**
   * A chat's row is held, its last id `id` as the database has it (its increment answered it, or it
   * was taken ahead); `drafts`: whether the chat had drafts then.
   */
  holdChat(chatPk: number, id: number, drafts: boolean): void {
    this.#chats.set(chatPk, id);
    if (drafts) this.#withoutDrafts.delete(chatPk);
    else this.#withoutDrafts.add(chatPk);
  }

  /** A bot's row is held, its last update id `id` (handed out at `at`) as the database has it. */
  holdBot(botId: number, id: number, at: number): void {
    this.#bots.set(botId, { last: id, at });
  }

  /** The rows of a batch's chats taken ahead (CHATS_AHEAD_SQL's answer). */
  heldChats(rows: Row[]): void {
    for (const row of rows) this.holdChat(Number(row.pk), Number(row.last_message_id), row.drafts === true);
  }

  /** The rows of a batch's bots taken ahead (BOTS_AHEAD_SQL's answer). */
  heldBots(rows: Row[]): void {
    for (const row of rows)
      this.holdBot(Number(row.id), Number(row.last_update_id), Number(row.last_update_at));
  }

  /**
   * The transaction sets the bot's last update id itself (ids start again): its next id comes from
   * the row again. What it counted before is written first (the statement that sets it sends what
   * waits).
   */
  release(botId: number): void {
    const held = this.#bots.get(botId);
    if (held && this.#botsChanged.delete(botId)) this.#released.set(botId, { ...held });
    this.#bots.delete(botId);
  }

  withoutDrafts(chatPk: number): boolean {
    return this.#withoutDrafts.has(chatPk);
  }

  draftsChanged(chatPk: number): void {
    this.#withoutDrafts.delete(chatPk);
  }

  /** The statements that write the changed last ids (chats', then bots'), taken out. */
  take(): Statement[] {
    const statements: Statement[] = [];
    if (this.#chatsChanged.size === 1) {
      const [pk] = this.#chatsChanged;
      statements.push({ sql: HELD_ID_SQL, params: [this.#chats.get(pk!), pk] });
    } else if (this.#chatsChanged.size > 1) {
      const pks = [...this.#chatsChanged];
      statements.push({ sql: HELD_IDS_SQL, params: [pks, pks.map((pk) => this.#chats.get(pk))] });
    }
    const bots = [
      ...[...this.#released].map(([id, held]) => ({ id, ...held })),
      ...[...this.#botsChanged].map((id) => ({ id, ...this.#bots.get(id)! })),
    ];
    if (bots.length === 1) {
      const [bot] = bots;
      statements.push({ sql: HELD_UPDATE_ID_SQL, params: [bot!.last, bot!.at, bot!.id] });
    } else if (bots.length > 1) {
      statements.push({
        sql: HELD_UPDATE_IDS_SQL,
        params: [bots.map((b) => b.id), bots.map((b) => b.last), bots.map((b) => b.at)],
      });
    }
    this.#chatsChanged.clear();
    this.#botsChanged.clear();
    this.#released.clear();
    return statements;
  }
}
