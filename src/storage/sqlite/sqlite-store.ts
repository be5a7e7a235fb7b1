/**
 * The SQLite adapter of the storage port (better-sqlite3, WAL, synchronous=NORMAL).
 *
 * Group commit: `write(fn)` queues fn; all writes queued during one turn of the event loop run in one
 * transaction (each inside its own SAVEPOINT, so a failing fn is rolled back alone) and are committed
 * together; each caller's promise settles after that commit. This shares the cost of a commit between
 * concurrent requests, which is what makes durable writes fast.
 *
 * Reads run directly on the same connection. A read that runs while a batch is open sees the batch's
 * uncommitted rows; the platform only writes after validating, so such rows are about to commit.
 * `read(fn)` (a consistent view, store.ts) takes its turn in the same queue: it runs alone, between
 * two batches, in a read transaction of its own, and no write of this process runs until fn ends;
 * another process's writes (a second store on the file) go on beside it, unseen by its WAL snapshot.
 *
 * The queries live per area in tables/ (one class per port of ../ports/); this class composes them
 * into the one Store and transaction the platform sees, and owns the connection, the group commit
 * and the rollback of the areas' caches.
 */
import type Database from 'better-sqlite3';
import { Checkpointer } from './checkpointer.js';
import { SqliteJobClaims } from './job-claims.js';
import { openDatabase, type DatabaseOptions } from './open-database.js';
import { SqlStatements } from './sql-statements.js';
import { sqliteGatewayStore, type SqliteGatewayStore } from './sqlite-gateway-store.js';
import { SqliteChats } from './tables/chats.js';
import { SqliteMessageSearch, drainSearchQueue, indexNewMessages } from './tables/message-search.js';
import { AREA_METHODS, storeAreas } from './store-areas.js';
import { SearchIndexer, type SearchIndexTiming } from '../search-indexer.js';
import { SqliteUsers } from './tables/users.js';
import type { CachedArea } from '../ports/events.js';
import {
  writeArgs,
  type Store,
  type StoreReader,
  type StoreTx,
  type StoreView,
  type WriteKey,
} from '../store.js';

export interface OpenOptions extends DatabaseOptions {
  /** When the search index is filled in the background (search-indexer.ts); for tests. */
  searchIndex?: Partial<SearchIndexTiming>;
}

interface QueuedWrite {
  fn: (tx: StoreTx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /** A `read(fn)`: run alone, in a read transaction. */
  read?: true;
}

// The class has the areas' methods (read through its prototype, each bound on first use: `AREA_METHODS`).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface SqliteStore extends StoreReader, Omit<StoreTx, 'gateway'> {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class SqliteStore implements Store {
  readonly #db: Database.Database;
  readonly #sql: SqlStatements;
  #queue: QueuedWrite[] = [];
  #flushing = false;
  /** Transaction control, prepared once (parsing them per write showed in profiles). */
  readonly #txn: Record<
    'begin' | 'beginRead' | 'commit' | 'rollback' | 'savepoint' | 'release' | 'rollbackTo',
    Database.Statement
  >;
  /** The areas with caches, which a rollback must clear. */
  readonly #users: SqliteUsers;
  readonly #chats: SqliteChats;
  /** WAL checkpoints off the event loop (file databases only). */
  #checkpointer: Checkpointer | undefined;
  #closed = false;
  readonly #tx: StoreTx;
  /** The gateway sub-port on the same connection, so its writes join this store's transactions. */
  readonly gateway: SqliteGatewayStore;
  /** Claims on the background jobs, held in memory: one process uses the database (ADR 0023). */
  readonly jobs: SqliteJobClaims;
  /** Store.usesWriteKeys: one writer: keys are ignored. */
  readonly usesWriteKeys = false;
  /** Told each commit's time (Store.observeCommits). */
  #onCommit: ((ms: number) => void) | undefined;

  /** Fills the search index in the background; stopped by `close`. */
  readonly #searchIndexer: SearchIndexer;

  private constructor(sql: SqlStatements, searchIndex: Partial<SearchIndexTiming> | undefined) {
    this.#db = sql.db;
    this.#sql = sql;
    this.#txn = {
      begin: sql.stmt('BEGIN IMMEDIATE'),
      beginRead: sql.stmt('BEGIN DEFERRED'),
      commit: sql.stmt('COMMIT'),
      rollback: sql.stmt('ROLLBACK'),
      savepoint: sql.stmt('SAVEPOINT w'),
      release: sql.stmt('RELEASE w'),
      rollbackTo: sql.stmt('ROLLBACK TO w'),
    };
    this.gateway = sqliteGatewayStore(this.#sql);
    this.#users = new SqliteUsers(this.#sql);
    this.#chats = new SqliteChats(this.#sql);
    const indexer = new SearchIndexer(
      (ranges) => this.write(async () => indexNewMessages(this.#sql, ranges)),
      searchIndex,
    );
    this.#searchIndexer = indexer;
    const search = new SqliteMessageSearch(this.#sql, indexer);
    // Checked here, by the compiler: the areas together are every read and write of the port.
    const areas: Omit<StoreTx, 'gateway'> = AREA_METHODS.attach(
      this as object,
      ...storeAreas(this.#sql, this.#users, this.#chats, search),
    );
    // The search index takes stored messages from a watermark, in the background: it notes them.
    const { insertMessage, insertEphemeralMessage } = areas;
    areas.insertMessage = async (row) => {
      await insertMessage(row);
      indexer.noteStored(row.chat_pk);
    };
    areas.insertEphemeralMessage = async (row) => {
      const stored = await insertEphemeralMessage(row);
      indexer.noteStored(undefined);
      return stored;
    };
    this.jobs = new SqliteJobClaims({
      listPendingUpdates: areas.listPendingUpdates,
      listDueJobs: this.gateway.listDueJobs,
    });
    // The transaction view is the store itself plus the write methods; both use the one connection.
    this.#tx = this as unknown as StoreTx;
  }

  static {
    // The areas' methods are read through the prototype, each bound on its first use (compose.ts).
    AREA_METHODS.bindOnFirstUse(this);
  }

  /**
   * Opens (and migrates) the database at `file`, or a throwaway in-memory one for `:memory:`
   * (open-database.ts), and the store on it.
   */
  static open(file: string, options: OpenOptions = {}): SqliteStore {
    const db = openDatabase(file, options);
    const store = new SqliteStore(new SqlStatements(db), options.searchIndex);
    if (file !== ':memory:' && options.checkpointWorker !== false) {
      store.#checkpointer = new Checkpointer(db, file);
    }
    return store;
  }

  /**
   * A new store on the connection of one closed by `detach`, emptied since (empty-database.ts): its
   * statements stay prepared (issue 28). Every other part of the store is new.
   */
  static reopen(sql: SqlStatements, options: Pick<OpenOptions, 'searchIndex'> = {}): SqliteStore {
    return new SqliteStore(sql, options.searchIndex);
  }

  // ---- writes and group commit ------------------------------------------------------------------

  /** One writer: a key (store.ts `WriteKey`) changes nothing here. */
  write<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T>;
  write<T>(key: WriteKey | undefined, fn: (tx: StoreTx) => Promise<T>): Promise<T>;
  write<T>(
    first: WriteKey | undefined | ((tx: StoreTx) => Promise<T>),
    second?: (tx: StoreTx) => Promise<T>,
  ): Promise<T> {
    const [, fn] = writeArgs(first, second);
    if (this.#closed) return Promise.reject(new Error('the store is closed'));
    return this.#enqueue({ fn, read: undefined });
  }

  /** fn's reads in one view (store.ts): its turn in the writes' queue, alone. */
  read<T>(fn: (view: StoreView) => Promise<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('the store is closed'));
    return this.#enqueue({ fn: () => fn(this.#tx), read: true });
  }

  #enqueue<T>(item: Pick<QueuedWrite, 'fn' | 'read'>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const queued: QueuedWrite = { fn: item.fn, resolve: resolve as (value: unknown) => void, reject };
      if (item.read) queued.read = true;
      this.#queue.push(queued);
      if (!this.#flushing) {
        this.#flushing = true;
        setImmediate(() => void this.#flush());
      }
    });
  }

  /** A read's turn: its own read transaction (a WAL snapshot), ended before its caller hears. */
  async #read(item: QueuedWrite): Promise<void> {
    let outcome: { ok: true; value: unknown } | { ok: false; error: unknown };
    try {
      this.#txn.beginRead.run();
      outcome = { ok: true, value: await item.fn(this.#tx) };
    } catch (error) {
      outcome = { ok: false, error };
    }
    try {
      if (this.#db.inTransaction) this.#txn.rollback.run();
    } catch (error) {
      if (outcome.ok) outcome = { ok: false, error };
    }
    if (outcome.ok) item.resolve(outcome.value);
    else item.reject(outcome.error);
  }

  async #flush(): Promise<void> {
    const txn = this.#txn;
    while (this.#queue.length > 0) {
      if (this.#queue[0]!.read) {
        await this.#read(this.#queue.shift()!);
        continue;
      }
      // A batch is the writes up to the next read, which waits for their commit.
      const end = this.#queue.findIndex((item) => item.read);
      const batch = end === -1 ? this.#queue : this.#queue.slice(0, end);
      this.#queue = end === -1 ? [] : this.#queue.slice(end);
      const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
      // A batch of one needs no savepoint: if it fails, the whole transaction is rolled back.
      const alone = batch.length === 1;
      const started = this.#onCommit ? performance.now() : 0;
      try {
        txn.begin.run();
        for (const item of batch) {
          if (!alone) txn.savepoint.run();
          try {
            const value = await item.fn(this.#tx);
            if (!alone) txn.release.run();
            outcomes.push({ ok: true, value });
          } catch (error) {
            this.#forgetRows();
            if (alone) txn.rollback.run();
            else {
              txn.rollbackTo.run();
              txn.release.run();
            }
            outcomes.push({ ok: false, error });
          }
        }
        if (this.#db.inTransaction) {
          // The search index takes queued edits and deletions in batches.
          drainSearchQueue(this.#sql, false);
          txn.commit.run();
          this.#onCommit?.(performance.now() - started);
          this.#checkpointer?.committed();
        }
      } catch (error) {
        // The commit itself failed: nothing of the batch is stored, every caller hears of it.
        this.#forgetRows();
        if (this.#db.inTransaction) txn.rollback.run();
        for (const item of batch) item.reject(error);
        continue;
      }
      batch.forEach((item, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) item.resolve(outcome.value);
        else item.reject(outcome.error);
      });
    }
    this.#flushing = false;
  }

  forgetCached(area: CachedArea, id: number): void {
    this.#users.forgetCached(area, id);
    this.#chats.forgetCached(area, id);
    this.gateway.forgetCached(area, id);
  }

  async ping(): Promise<void> {
    if (this.#closed) throw new Error('the store is closed');
  }

  observeCommits(observer: ((ms: number) => void) | undefined): void {
    this.#onCommit = observer;
  }

  /** Store.reruns: one writer, no write meets another. */
  get reruns(): Readonly<Record<string, number>> {
    return {};
  }

  /** A write was rolled back: every cache that may hold what it wrote is dropped. */
  #forgetRows(): void {
    this.#users.forgetUncommitted();
    this.#chats.forgetUncommitted();
    this.gateway.forgetUncommitted();
  }

  async close(): Promise<void> {
    if (await this.#stop()) this.#db.close();
  }

  /**
   * Closes the store but not its connection, which it gives to its caller (for `reopen`, once
   * emptied); undefined if it was closed already.
   */
  async detach(): Promise<SqlStatements | undefined> {
    // Its parts keep the instance they hold, which refuses from now on.
    return (await this.#stop()) ? this.#sql.handOver() : undefined;
  }

  /** Ends the store's work (false: ended before): no write from now, the queued ones done. */
  async #stop(): Promise<boolean> {
    if (this.#closed) return false;
    // No background index write starts from now; one already queued runs with the queued writes.
    this.#searchIndexer.stop();
    // Let queued writes finish before closing.
    while (this.#flushing) await new Promise((resolve) => setImmediate(resolve));
    if (this.#closed) return false;
    this.#closed = true;
    await this.#checkpointer?.stop();
    return true;
  }
}
