/** The types of a PostgreSQL write lane (pg-write-lane.ts) that pg-writes.ts shares. */
import type pg from 'pg';
import type { PgCaches } from './pg-cache.js';
import type { Rerun } from './pg-lock-order.js';
import type { PgTransaction } from './pg-transaction.js';
import type { StoreTx, WriteKey } from '../store.js';

/** A write waiting on its lane. */
export interface QueuedWrite {
  fn: (tx: StoreTx) => Promise<unknown>;
  /** The write's key, if any: the rows it names go ahead (PgTransaction.ahead). */
  key: WriteKey | undefined;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export interface PgWritesOptions {
  /** Opens a connection in pipeline mode. */
  connect: () => Promise<pg.Client>;
  caches: PgCaches;
  /** The event channel and this process's name on it (pg-channel.ts). */
  channel: string;
  node: string;
  /** The areas on the transaction that runs: a lane's own, composed on its `current`. */
  areas: (current: () => PgTransaction | undefined) => StoreTx;
}

/**
 * What the lanes of one store share: the async context in which a write's fn runs (which routes
 * its store reads to its lane's transaction, pg-writes.ts `callersWrite`), and the commit observer.
 */
export interface LaneContext<Lane> {
  /** Runs `run` as `lane`'s fns (the context is on while any lane's fns run). */
  inFns<T>(lane: Lane, run: () => Promise<T>): Promise<T>;
  /** Told each commit's time (Store.observeCommits). */
  readonly onCommit: ((ms: number) => void) | undefined;
  /** Told each transaction run again, and why. */
  rerun(why: Rerun): void;
}
