/**
 * The order in which a write transaction locks the chats' and bots' rows (ADR 0106, addendum "one
 * order for the counters' rows"): chats by pk, then bots by id, the order in which what goes ahead
 * takes them (pg-held-ids.ts `aheadStatements`). A transaction waits for a row only when it ranks
 * after every row the transaction locked before; one that ranks before (or between) them is
 * locked with NOWAIT, and if another transaction holds it, the write fails as a conflict and runs
 * again with the row named up front (`unnamed`: it then goes ahead, in order). So no transaction
 * waits for a row while holding one that ranks after it: a wait goes from a transaction to one
 * that holds a row ranking after all of the waiter's, and no chain of such waits comes back to
 * its start, whatever the number of lanes and processes.
 *
 * A row the transaction inserted is its own (no other sees it before the commit) and ranks
 * nowhere. After a rollback to a savepoint the rows locked since may be free again: none is
 * counted as held, and the greatest rank stays (a row below it is then locked with NOWAIT, which
 * succeeds at once on a row the transaction still holds).
 */
import type { Ahead, Statement } from './pg-held-ids.js';
import { CONFLICT_CODES } from './pg-sql.js';

/** A chat's row (by pk) or a bot's (by id). */
export type LockedRow = { chat: number } | { bot: number };

const CHAT_NOWAIT_SQL = 'SELECT 1 FROM chats WHERE pk = ? FOR NO KEY UPDATE NOWAIT';
const BOT_NOWAIT_SQL = 'SELECT 1 FROM bots WHERE id = ? FOR NO KEY UPDATE NOWAIT';

/** Whether a statement is a NOWAIT lock of this file (its failure is a row taken out of order). */
export function isNowaitLock(sql: string): boolean {
  return sql === CHAT_NOWAIT_SQL || sql === BOT_NOWAIT_SQL;
}

/** A batch met a conflict (`code`): it is rolled back and runs again (pg-write-lane.ts). */
export class BatchConflict extends Error {
  constructor(readonly code: string | undefined) {
    super('a conflict');
  }
}
export const codeOf = (error: unknown) => (error as { code?: string })?.code;
/** Whether PostgreSQL asks for the transaction to run again (pg-sql.ts `CONFLICT_CODES`). */
export function retryable(error: unknown): boolean {
  return CONFLICT_CODES.has(codeOf(error) ?? '');
}

/** A little random wait, growing, so that the writers that collided do not collide again. */
export function backOff(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(attempt, 10) * 2));
}

/** Why a write ran again (PgStore `reruns`); `outOfOrder`: a row locked with NOWAIT was held. */
export type Rerun = 'serialization' | 'deadlock' | 'lockTimeout' | 'outOfOrder';
const RERUNS: Record<string, Rerun> = {
  '40001': 'serialization',
  '40P01': 'deadlock',
  '55P03': 'lockTimeout',
};

/** Why a transaction runs again: its first conflict, else the error that ended it (`code`). */
export function rerunOf(write: { outOfOrder: boolean; conflictCode?: string }, code?: string): Rerun {
  if (write.outOfOrder) return 'outOfOrder';
  return RERUNS[write.conflictCode ?? code ?? ''] ?? 'serialization';
}

/** Chats before bots, each by its key. */
function rank(row: LockedRow): [number, number] {
  return 'chat' in row ? [0, row.chat] : [1, row.bot];
}

function after(a: [number, number], b: [number, number]): boolean {
  return a[0] !== b[0] ? a[0] > b[0] : a[1] > b[1];
}

/** The rows that `keys` lock ahead: chats, then queued bots. */
export function lockedBy(keys: Ahead): LockedRow[] {
  return [...keys.chats.map((chat) => ({ chat })), ...keys.queued.map((bot) => ({ bot }))];
}

const name = (row: LockedRow) => ('chat' in row ? `c${row.chat}` : `b${row.bot}`);

export class LockOrder {
  /** The greatest rank locked in the transaction. */
  #top: [number, number] | undefined;
  /** Rows known to be locked (or inserted) by the transaction. */
  readonly #held = new Set<string>();
  /** Rows locked other than ahead: a run again names them ahead (pg-write-lane.ts). */
  readonly unnamed = { chats: new Set<number>(), bots: new Set<number>() };

  /** Whether the transaction may wait for `row`: it holds it, or it ranks after every row held. */
  mayWait(row: LockedRow): boolean {
    return this.#held.has(name(row)) || this.#top === undefined || after(rank(row), this.#top);
  }

  /** Rows locked (in their order) by what went ahead. */
  took(rows: LockedRow[]): void {
    for (const row of rows) this.#hold(row);
  }

  /** A row the transaction inserted. */
  own(row: LockedRow): void {
    this.#held.add(name(row));
  }

  /**
   * A statement is about to lock `row`: undefined when it may wait for it, else the NOWAIT lock to
   * send before it.
   */
  lock(row: LockedRow): Statement | undefined {
    if (this.#held.has(name(row))) return undefined;
    const mayWait = this.mayWait(row);
    this.#hold(row);
    if ('chat' in row) this.unnamed.chats.add(row.chat);
    else this.unnamed.bots.add(row.bot);
    if (mayWait) return undefined;
    return 'chat' in row
      ? { sql: CHAT_NOWAIT_SQL, params: [row.chat] }
      : { sql: BOT_NOWAIT_SQL, params: [row.bot] };
  }

  /** A rollback to a savepoint: rows locked since may be free again. */
  rolledBack(): void {
    this.#held.clear();
  }

  #hold(row: LockedRow): void {
    this.#held.add(name(row));
    const r = rank(row);
    if (this.#top === undefined || after(r, this.#top)) this.#top = r;
  }
}
