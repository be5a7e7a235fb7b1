/**
 * One write connection of the PostgreSQL adapter and the writes queued for it (store.ts's write
 * contract, ADR 0025, ADR 0093); pg-writes.ts routes each write to a lane by its key (ADR 0106).
 * Every write runs in a SERIALIZABLE transaction (tests may ask for REPEATABLE READ: ADR 0129); the
 * writes queued for a lane during one turn of the event loop run in one transaction with one commit
 * for all; one batch runs at a time on a lane, so the writes of one lane never conflict.
 *
 * - A batch runs first without savepoints (a savepoint costs a round trip a write); if one of its
 *   writes throws, or the commit finds the transaction failed, it runs again with a savepoint each,
 *   so that the write that threw is rolled back alone.
 * - If PostgreSQL reports a serialization failure or a deadlock (a write of another lane or process
 *   touched the same rows), the batch is rolled back and runs again, a few times, then each of its
 *   writes on its own, retried until it commits; the write contract allows running fn again. So a
 *   read-and-write-back never loses an update, and sequences stay increasing in commit order across
 *   lanes and processes. The connection prefers index scans (`enable_seqscan` off): a sequential
 *   scan makes SERIALIZABLE watch the whole table, and small tables would then conflict with every
 *   other writer's writes to them.
 * - The lane's connection is kept open, in pg's pipeline mode: what a commit sends (the statements
 *   left waiting, the NOTIFY of changed cached rows, COMMIT, and the next batch's BEGIN, queued
 *   writes or not: it takes no snapshot until its first statement) goes in one round trip. A
 *   write is sent after BEGIN only once BEGIN has answered, so nothing ever writes outside the
 *   transaction; what goes ahead for the next batch (the rows its writes' keys name: locked and
 *   read, PgTransaction.ahead) follows the BEGIN at once, and if it fails (another transaction
 *   wrote those rows) the transaction is ended and begun again. The next batch is under way
 *   before the answers of the last one are handed out (they render and answer requests).
 */
import type pg from 'pg';
import type { PgCaches } from './pg-cache.js';
import { encodeEvents, notifying } from './pg-channel.js';
import {
  aheadOf,
  coveredBy,
  takenRows,
  withUnnamed,
  type SentAhead,
  type TakenAhead,
} from './pg-held-ids.js';
import { backOff, BatchConflict, codeOf, rerunOf, retryable, type Rerun } from './pg-lock-order.js';
import { PgTransaction } from './pg-transaction.js';
import type { StoreTx, WriteKey } from '../store.js';

/** Transactions tried at most, when PostgreSQL asks for a retry. */
const MAX_ATTEMPTS = 30;
/** Writes committed together at most. */
const MAX_BATCH = 200;
/** Times a batch that met a conflict is tried whole before its writes are tried one by one. */
const BATCH_ATTEMPTS = 3;

interface QueuedWrite {
  fn: (tx: StoreTx) => Promise<unknown>;
  /** The write's key, if any: the rows it names go ahead (PgTransaction.ahead). */
  key: WriteKey | undefined;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export interface PgWritesOptions {
  /** Opens a connection in pipeline mode. */
  connect: () => Promise<pg.Client>;
  caches: PgCaches;
  /** The event channel and this process's name on it (pg-channel.ts). */
  channel: string;
  node: string;
  /** The areas on the transaction that runs: a lane's own, composed on its `current`. */
  areas: (current: () => PgTransaction | undefined) => StoreTx;
  isolation?: 'SERIALIZABLE' | 'REPEATABLE READ';
}

/**
 * What the lanes of one store share: the async context in which a write's fn runs (which routes
 * its store reads to its lane's transaction, pg-writes.ts `callersWrite`), and the commit observer.
 */
export interface LaneContext {
  /** Runs `run` as `lane`'s fns (the context is on while any lane's fns run). */
  inFns<T>(lane: PgWriteLane, run: () => Promise<T>): Promise<T>;
  /** Told each commit's time (Store.observeCommits). */
  readonly onCommit: ((ms: number) => void) | undefined;
  /** Told each transaction run again, and why. */
  rerun(why: Rerun): void;
}

export class PgWriteLane {
  #queue: QueuedWrite[] = [];
  #flushing: Promise<void> | undefined;
  #client: pg.Client | undefined;
  #current: PgTransaction | undefined;
  /** A BEGIN sent with the last commit, for the next batch; its transaction is open. */
  #begun: Promise<unknown> | undefined;
  /** What went ahead after that BEGIN, for the writes queued at that commit (the next batch's). */
  #begunAhead: SentAhead | undefined;
  /** How many writes were queued when that went ahead: the next batch holds no write queued later. */
  #begunFor = 0;
  /** The writes of a batch run one by one (after conflicts): nothing goes ahead for the queue. */
  #oneByOne = false;
  #closed = false;
  /** The areas on this lane's transaction. */
  readonly #areas: StoreTx;
  readonly #beginText: string;

  constructor(
    private readonly options: PgWritesOptions,
    private readonly context: LaneContext,
  ) {
    this.#areas = options.areas(() => this.#current);
    this.#beginText = `BEGIN ISOLATION LEVEL ${options.isolation ?? 'SERIALIZABLE'}`;
  }

  /** The transaction that runs on this lane, if any (one at a time). */
  get current(): PgTransaction | undefined {
    return this.#current;
  }

  write<T>(fn: (tx: StoreTx) => Promise<T>, key?: WriteKey): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('the store is closed'));
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ fn, key, resolve: resolve as (value: unknown) => void, reject });
      this.#flushing ??= new Promise((next) => setImmediate(next)).then(() => this.#flush());
    });
  }

  /** Waits for the queued writes, then closes the connection. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#flushing;
    this.#drop();
  }

  async #flush(): Promise<void> {
    let handOut: (() => void) | undefined;
    try {
      while (this.#queue.length > 0) {
        // Rows that went ahead with the commit: only the writes they cover (pg-held-ids.ts), and
        // only those queued by then: what went ahead took the snapshot as the commit ended, and a
        // write asked since may be about rows another connection changed meanwhile (a delivered
        // update's delete, after the claim that leased it), which SERIALIZABLE refuses.
        const ahead = this.#begunAhead?.keys;
        const n = ahead ? Math.min(coveredBy(ahead, this.#queue, MAX_BATCH), this.#begunFor) : MAX_BATCH;
        const running = this.#run(this.#queue.splice(0, n));
        handOut?.();
        handOut = await running;
      }
    } finally {
      this.#flushing = undefined;
      handOut?.();
    }
  }

  /** Runs a batch; answers how to hand its outcomes out. */
  async #run(batch: QueuedWrite[]): Promise<() => void> {
    if (batch.length === 1) {
      const [item] = batch as [QueuedWrite];
      try {
        const value = await this.#alone(item);
        return () => item.resolve(value);
      } catch (error) {
        return () => item.reject(error);
      }
    }
    const unnamed = { chats: new Set<number>(), bots: new Set<number>() };
    for (let attempt = 1; ; attempt++) {
      try {
        const outcomes =
          (await this.#together(batch, false, unnamed)) ?? (await this.#together(batch, true, unnamed))!;
        return () =>
          batch.forEach((item, i) => {
            const outcome = outcomes[i]!;
            if (outcome.ok) item.resolve(outcome.value);
            else item.reject(outcome.error);
          });
      } catch (error) {
        if (!(error instanceof BatchConflict)) return () => batch.forEach((item) => item.reject(error));
        // Another process wrote the same rows (or rows near them): the batch again, after a little
        // random wait, a few times; then each write on its own, until it commits.
        if (attempt < BATCH_ATTEMPTS) {
          await backOff(attempt);
          continue;
        }
        this.#oneByOne = true;
        try {
          for (const item of batch) await this.#alone(item).then(item.resolve, item.reject);
        } finally {
          this.#oneByOne = false;
        }
        return () => undefined;
      }
    }
  }

  /**
   * The writes of a batch in one transaction; one commit. With `savepoints`, each write runs in its
   * own savepoint, so that one that throws is rolled back alone. Without, a write that throws (or a
   * failure found at the commit) rolls the whole transaction back and the answer is undefined: run
   * the batch again with savepoints.
   */
  async #together(
    batch: QueuedWrite[],
    savepoints: boolean,
    unnamed: PgTransaction['unnamed'],
  ): Promise<Outcome[] | undefined> {
    const { client, taken } = await this.#begin();
    const started = this.context.onCommit ? performance.now() : 0;
    const write = new PgTransaction(client, this.options.caches, !savepoints);
    try {
      if (savepoints) await client.query('SAVEPOINT w');
      write.ahead(withUnnamed(aheadOf(batch), unnamed), taken);
      this.#current = write;
      const outcomes = await this.#inFns(() => this.#each(batch, write, savepoints));
      if (!outcomes) {
        await this.#rollback(client);
        return undefined;
      }
      try {
        await this.#commit(write);
      } catch (error) {
        if (retryable(error) || write.conflicted) throw new BatchConflict(codeOf(error));
        if (savepoints) throw error;
        await this.#rollback(client);
        return undefined;
      }
      this.context.onCommit?.(performance.now() - started);
      return outcomes;
    } catch (error) {
      await this.#rollback(client);
      if (error instanceof BatchConflict) this.#rerun(write, error, unnamed);
      throw error;
    } finally {
      this.#current = undefined;
    }
  }

  /** `write` met a conflict and runs again: counted, and the rows it locked go ahead then. */
  #rerun(write: PgTransaction, error: unknown, unnamed: PgTransaction['unnamed']): void {
    this.context.rerun(rerunOf(write, codeOf(error)));
    for (const pk of write.unnamed.chats) unnamed.chats.add(pk);
    for (const id of write.unnamed.bots) unnamed.bots.add(id);
  }

  /** Runs the writes of a batch in `write`; undefined when one threw and there are no savepoints. */
  async #each(
    batch: QueuedWrite[],
    write: PgTransaction,
    savepoints: boolean,
  ): Promise<Outcome[] | undefined> {
    const outcomes: Outcome[] = [];
    for (const [i, item] of batch.entries()) {
      const next = i + 1 < batch.length ? '; SAVEPOINT w' : '';
      if (savepoints) write.scope.savepoint();
      try {
        const value = await item.fn(this.#areas);
        if (savepoints) {
          // What the write left waiting fails it, not the next one.
          await write.flush();
          await write.client.query(`RELEASE SAVEPOINT w${next}`);
        }
        outcomes.push({ ok: true, value });
      } catch (error) {
        if (retryable(error) || write.conflicted) throw new BatchConflict(codeOf(error));
        if (!savepoints) return undefined;
        write.memo.clear();
        write.scope.rolledBack();
        write.rolledBack();
        await write.client.query(`ROLLBACK TO SAVEPOINT w; RELEASE SAVEPOINT w${next}`);
        outcomes.push({ ok: false, error });
      }
    }
    return outcomes;
  }

  /** Runs fns in the async context that routes their store reads to this lane's transaction. */
  #inFns<T>(run: () => Promise<T>): Promise<T> {
    return this.context.inFns(this, run);
  }

  /** One write in its own transaction, run again (after a short random wait) on a conflict. */
  async #alone(item: QueuedWrite): Promise<unknown> {
    const unnamed = { chats: new Set<number>(), bots: new Set<number>() };
    for (let attempt = 1; ; attempt++) {
      const { client, taken } = await this.#begin();
      const started = this.context.onCommit ? performance.now() : 0;
      const write = new PgTransaction(client, this.options.caches, true);
      try {
        write.ahead(withUnnamed(aheadOf([item]), unnamed), taken);
        this.#current = write;
        const value = await this.#inFns(() => item.fn(this.#areas));
        await this.#commit(write);
        this.context.onCommit?.(performance.now() - started);
        return value;
      } catch (error) {
        await this.#rollback(client);
        if (attempt < MAX_ATTEMPTS && (retryable(error) || write.conflicted)) {
          this.#rerun(write, error, unnamed);
          await backOff(attempt);
          continue;
        }
        throw error;
      } finally {
        this.#current = undefined;
      }
    }
  }

  /**
   * Commits `write`. The cached rows it changed are named to the other processes in the commit
   * itself (NOTIFY is delivered when, and only if, it commits) and forgotten here once it has
   * committed, or failed to say whether it did (forgetting is always safe). When writes wait, the
   * next batch's BEGIN goes with the COMMIT.
   */
  async #commit(write: PgTransaction): Promise<void> {
    let committed = false;
    try {
      const changed = write.scope.changed;
      const events = [...changed.values()].map((p) => ({ e: 'rows.changed' as const, p }));
      const notify =
        events.length > 0
          ? notifying(this.options.channel, encodeEvents(this.options.node, events))
          : undefined;
      // The next transaction begins with this commit, writes waiting or not: a BEGIN takes no
      // snapshot (its first statement does), so an empty transaction left open holds nothing back,
      // and the next write finds it answered instead of paying a round trip for it. When writes
      // wait (the next batch), the rows their keys name go ahead in it too.
      const next = this.#closed ? undefined : this.#beginText;
      const queued = next && !this.#oneByOne && this.#queue.length > 0 ? this.#queue.slice(0, MAX_BATCH) : [];
      const { after, ahead } = await write.commit(
        notify,
        next,
        queued.length > 0 ? aheadOf(queued) : undefined,
      );
      this.#begun = after;
      this.#begunAhead = ahead;
      this.#begunFor = queued.length;
      committed = true;
    } finally {
      write.scope.ended(committed);
    }
  }

  /**
   * The connection, with a transaction begun on it; `taken`: the rows that went ahead in it (for
   * the writes queued at the last commit).
   */
  async #begin(): Promise<{ client: pg.Client; taken?: TakenAhead }> {
    const begun = this.#begun;
    const ahead = this.#begunAhead;
    this.#begun = undefined;
    this.#begunAhead = undefined;
    if (begun && this.#client) {
      const client = this.#client;
      try {
        await begun;
        const taken = ahead && (await takenRows(ahead));
        if (taken || !ahead) return { client, taken };
        // What went ahead met another transaction on its rows (a conflict, which ends this one):
        // a new transaction, in which the batch takes its rows with its first statement.
        await client.query('ROLLBACK');
      } catch {
        // A BEGIN (or ROLLBACK) that failed: the connection is not trusted with the next one.
        this.#drop();
      }
    }
    const client = this.#client ?? (await this.#connect());
    try {
      await client.query(this.#beginText);
    } catch (error) {
      this.#drop();
      throw error;
    }
    return { client };
  }

  async #connect(): Promise<pg.Client> {
    const client = await this.options.connect();
    client.on('error', () => {
      if (this.#client === client) this.#drop();
    });
    client.on('end', () => {
      if (this.#client === client) this.#drop();
    });
    this.#client = client;
    return client;
  }

  /** Ends the transaction (and one begun ahead with its commit); a connection that cannot, goes. */
  async #rollback(client: pg.Client): Promise<void> {
    this.#begun = undefined;
    this.#begunAhead = undefined;
    await client.query('ROLLBACK').catch(() => {
      if (this.#client === client) this.#drop();
    });
  }

  #drop(): void {
    const client = this.#client;
    this.#client = undefined;
    this.#begun = undefined;
    this.#begunAhead = undefined;
    void client?.end().catch(() => undefined);
  }
}
