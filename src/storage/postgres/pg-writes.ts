/**
 * The writes of the PostgreSQL adapter, routed by key (ADR 0106): a node has one or several write
 * connections (lanes, pg-write-lane.ts; `writers`, default 1), each committing its own batches. A
 * write that names a bot goes to the lane its bot hashes to; one that names only a chat, to its
 * chat's; an unkeyed write to lane 0. So the writes of one key, and the unkeyed ones, commit in the
 * order they were asked (a lane is a queue), and writes of different keys run side by side.
 *
 * Why by bot first: a person's message to a bot takes the private chat's next message id and the
 * bot's next update id, each a row held until the commit; the bot's reply takes the same chat's;
 * getUpdates' confirm and a webhook delivery write the bot's updates. A private chat has one bot,
 * so every hot write of a private chat with a bot lands on that bot's lane and the lanes write
 * disjoint rows. A group's rows may be written from several lanes (its bots' sends, people's sends
 * keyed by the chat): two lanes' transactions on one row then meet as two nodes' do (one waits for
 * the other's commit and fails as a serialization conflict, or a deadlock), and the batch is run
 * again (pg-write-lane.ts). A key is a hint: a write may touch rows of any bot or chat.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PgWriteLane, type LaneContext, type PgWritesOptions } from './pg-write-lane.js';
import type { Rerun } from './pg-lock-order.js';
import type { PgTransaction } from './pg-transaction.js';
import type { StoreTx, WriteKey } from '../store.js';

export type { PgWritesOptions } from './pg-write-lane.js';

/**
 * Write connections a node opens, by default: one. Several (PARLEY_PG_WRITERS) run writes of
 * different keys side by side, but on this project's bench their transactions met on B-tree leaf
 * pages that SERIALIZABLE watches whole: the bots' and chats' primary keys when their counters'
 * updates leave their row's page (migration 027 makes room on the page, which lasts while
 * PostgreSQL can prune old versions), and likely the queued updates' (every message inserts into
 * it). Batches ran again, and four lanes carried no more than one (ADR 0106 and its addendum):
 * until that is solved, one.
 */
export const DEFAULT_WRITERS = 1;

/** The lane of `key` among `lanes`: its bot's, else its chat's (Fibonacci hashing), else 0. */
export function laneOf(key: WriteKey | undefined, lanes: number): number {
  const id = key?.bot ?? key?.chat;
  if (id === undefined || lanes <= 1) return 0;
  const mixed = Math.imul((id % 0x1_0000_0000) ^ Math.floor(id / 0x1_0000_0000), 0x9e3779b1) >>> 0;
  return Math.floor((mixed / 0x1_0000_0000) * lanes);
}

export class PgWrites implements LaneContext {
  readonly #lanes: PgWriteLane[];
  /** In the async context of a write's fn: its lane (on only while some lane's fns run). */
  readonly #inWrites = new AsyncLocalStorage<PgWriteLane>();
  /** Lanes whose fns run now. */
  #running = 0;
  #closed = false;
  /** Told each commit's time (Store.observeCommits). */
  onCommit: ((ms: number) => void) | undefined;
  /** Transactions run again since the start, by why (PgStore `reruns`). */
  readonly reruns: Record<Rerun, number> = { serialization: 0, deadlock: 0, lockTimeout: 0, outOfOrder: 0 };

  constructor(options: PgWritesOptions, writers = DEFAULT_WRITERS) {
    if (!Number.isInteger(writers) || writers < 1) throw new Error(`invalid number of writers: ${writers}`);
    this.#lanes = Array.from({ length: writers }, () => new PgWriteLane(options, this));
  }

  /**
   * The transaction of the write whose fn makes the call, if any: a read through the store (not
   * the `tx`) made while a write's fn runs goes to its transaction, as on SQLite's one connection.
   * It sees the write's own changes, and it never waits for what the write waits for.
   */
  get callersWrite(): PgTransaction | undefined {
    return this.#running > 0 ? this.#inWrites.getStore()?.current : undefined;
  }

  write<T>(fn: (tx: StoreTx) => Promise<T>, key?: WriteKey): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('the store is closed'));
    return this.#lanes[laneOf(key, this.#lanes.length)]!.write(fn, key);
  }

  /**
   * Runs a lane's fns in the async context that routes their store reads to its transaction. The
   * context costs every promise of the process something while it is on, so it is on only while
   * some lane's fns run.
   */
  async inFns<T>(lane: PgWriteLane, run: () => Promise<T>): Promise<T> {
    this.#running++;
    try {
      return await this.#inWrites.run(lane, run);
    } finally {
      if (--this.#running === 0) this.#inWrites.disable();
    }
  }

  rerun(why: Rerun): void {
    this.reruns[why] += 1;
  }

  /** Waits for the queued writes of every lane, then closes their connections. */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all(this.#lanes.map((lane) => lane.close()));
  }
}
