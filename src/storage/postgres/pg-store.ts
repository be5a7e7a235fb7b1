/**
 * The PostgreSQL adapter of the storage port (node-postgres, a pool). Several Parley processes may
 * share one database: it is the adapter of "several nodes" (ADR 0025).
 *
 * Writes: `write(fn)` runs fn in a SERIALIZABLE transaction. Group commit, as on SQLite: the writes
 * queued during one turn of the event loop run in one transaction, each in its own savepoint (a fn
 * that throws is rolled back alone), with one commit (one flush to disk) for all; one batch runs at
 * a time, so the writes of one process never conflict with each other. If PostgreSQL reports a
 * serialization failure or a deadlock (a write of another process touched the same rows), the
 * batch is rolled back and each of its writes runs again on its own, retried until it commits; the
 * write contract (store.ts) allows running fn again. So a write that reads a row and writes it back
 * (a bot's last_update_id, a chat's last_message_id) never loses an update, and sequences stay
 * increasing in commit order across processes.
 *
 * Reads outside a write run on the pool and see committed data. A read through the store (not the
 * `tx`) made while a write's fn runs goes to that write's transaction, as on SQLite (one connection):
 * it sees the write's own changes, and a write never waits for a second connection of the pool
 * (which writes holding every connection would otherwise deadlock on). The adapter keeps no caches
 * across transactions: every process reads the database, so `forgetCached` has nothing to forget.
 * Within one transaction (a batch), a plain read answered before is answered again from a memo until
 * the transaction writes a table it read (pg-sql.ts ReadMemo): the snapshot would answer the same.
 *
 * The queries live per area in tables/ and gateway/ (one class per port of ../ports/), composed for
 * the pool once and for each transaction's client.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { migrate } from './migrate.js';
import { PgJobClaims } from './pg-job-claims.js';
import { PgSql, ReadMemo, type Queryable } from './pg-sql.js';
import { PgAccounts } from './gateway/accounts.js';
import { PgDeliveryLog } from './gateway/delivery-log.js';
import { PgDevices } from './gateway/devices.js';
import { PgGatewayJobs } from './gateway/jobs.js';
import { PgRequests } from './gateway/requests.js';
import { PgChats } from './tables/chats.js';
import { PgFiles } from './tables/files.js';
import { PgInline } from './tables/inline.js';
import { PgInvites } from './tables/invites.js';
import { PgWebApps } from './tables/web-apps.js';
import { PgGuest } from './tables/guest.js';
import { PgMessages } from './tables/messages.js';
import { PgPolls } from './tables/polls.js';
import { PgStickers } from './tables/stickers.js';
import { PgBoosts, PgGames, PgVerification } from './tables/games-boosts-verification.js';
import { PgGiveaways } from './tables/giveaways.js';
import { PgPayments } from './tables/payments.js';
import { PgStars } from './tables/stars.js';
import { PgGifts } from './tables/gifts.js';
import { PgSuggestedPosts } from './tables/suggested-posts.js';
import { PgSettings } from './tables/settings.js';
import { PgDrafts } from './tables/drafts.js';
import { PgProfiles } from './tables/profiles.js';
import { PgMemberTags } from './tables/member-tags.js';
import { PgSenderChats } from './tables/sender-chats.js';
import { PgPersonViews } from './tables/person-views.js';
import { PgMetrics } from './tables/metrics.js';
import { PgWebhookLog } from './tables/webhook-log.js';
import { PgBusiness } from './tables/business.js';
import { PgTopics } from './tables/topics.js';
import { PgPassport } from './tables/passport.js';
import { PgUpdates } from './tables/updates.js';
import { PgUsers } from './tables/users.js';
import { compose } from '../compose.js';
import type { GatewayStoreTx } from '../gateway-store.js';
import type { Store, StoreReader, StoreTx } from '../store.js';

/** Transactions tried at most, when PostgreSQL asks for a retry. */
const MAX_ATTEMPTS = 30;
/** Writes committed together at most. */
const MAX_BATCH = 200;

interface QueuedWrite {
  fn: (tx: StoreTx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** A batch met a conflict: it is rolled back and its writes run again one by one. */
class BatchConflict extends Error {}
/** serialization_failure, deadlock_detected. */
const RETRY_CODES = new Set(['40001', '40P01']);

/** BIGINT columns (ids, times in ms) as JS numbers: every value Parley stores is below 2^53. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export interface PgStoreOptions {
  /** A `postgres://` connection string. */
  url: string;
  /** Tables live in this schema (created if absent); the connection's default otherwise. */
  schema?: string;
  /** Connections in the pool (default 10). */
  poolSize?: number;
}

function areas(sql: PgSql): Omit<StoreTx, 'gateway'> & { gateway: GatewayStoreTx } {
  const main: Omit<StoreTx, 'gateway'> = compose(
    new PgUsers(sql),
    new PgChats(sql),
    new PgMessages(sql),
    new PgUpdates(sql),
    new PgFiles(sql),
    new PgPolls(sql),
    new PgStickers(sql),
    new PgGames(sql),
    new PgBoosts(sql),
    new PgGiveaways(sql),
    new PgVerification(sql),
    new PgStars(sql),
    new PgGifts(sql),
    new PgSuggestedPosts(sql),
    new PgPayments(sql),
    new PgInline(sql),
    new PgInvites(sql),
    new PgWebApps(sql),
    new PgGuest(sql),
    new PgSettings(sql),
    new PgDrafts(sql),
    new PgProfiles(sql),
    new PgMemberTags(sql),
    new PgSenderChats(sql),
    new PgBusiness(sql),
    new PgTopics(sql),
    new PgPassport(sql),
    new PgPersonViews(sql),
    new PgMetrics(sql),
    new PgWebhookLog(sql),
  );
  const gateway: GatewayStoreTx = compose(
    new PgDevices(sql),
    new PgAccounts(sql),
    new PgRequests(sql),
    new PgGatewayJobs(sql),
    new PgDeliveryLog(sql),
  );
  return Object.assign(main, { gateway });
}

function retryable(error: unknown): boolean {
  return RETRY_CODES.has((error as { code?: string })?.code ?? '');
}

// The class has the areas' read methods (copied onto each instance by the constructor).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface PgStore extends StoreReader {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class PgStore implements Store {
  readonly pool: pg.Pool;
  readonly gateway: GatewayStoreTx;
  readonly jobs: PgJobClaims;
  #closed = false;
  /** The client of the write whose fn is running, in that fn's async context. */
  readonly #writing = new AsyncLocalStorage<pg.PoolClient>();
  #queue: QueuedWrite[] = [];
  #flushing = false;
  /** Told each commit's time (Store.observeCommits). */
  #onCommit: ((ms: number) => void) | undefined;

  private constructor(pool: pg.Pool) {
    this.pool = pool;
    const onPool = areas(new PgSql(pool, () => this.#writing.getStore()));
    this.gateway = onPool.gateway;
    Object.assign(this, onPool, { gateway: onPool.gateway });
    this.jobs = new PgJobClaims(pool);
  }

  /** Connects, creates the schema if asked, and migrates (once, whatever other nodes do). */
  static async open(options: PgStoreOptions): Promise<PgStore> {
    if (options.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(options.schema))
      throw new Error(`invalid schema name "${options.schema}"`);
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      types,
      // A database that stops answering (rather than closing its connections) makes calls fail
      // instead of hang: connecting gives up after 5 s, a query after 60 s, and dead peers are
      // found by TCP keep-alive.
      connectionTimeoutMillis: 5000,
      query_timeout: 60_000,
      keepAlive: true,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // An idle client's error (the server went away) must not crash the process; the next query fails.
    pool.on('error', () => undefined);
    try {
      await migrate(pool, options.schema);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PgStore(pool);
  }

  write<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('the store is closed'));
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ fn, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#flushing) {
        this.#flushing = true;
        setImmediate(() => void this.#flush());
      }
    });
  }

  async #flush(): Promise<void> {
    while (this.#queue.length > 0) {
      const batch = this.#queue.splice(0, MAX_BATCH);
      if (batch.length === 1) {
        const [item] = batch as [QueuedWrite];
        await this.#alone(item.fn).then(item.resolve, item.reject);
        continue;
      }
      try {
        // Optimistic first: no savepoints, which cost a round trip a write. A write that throws
        // makes the batch roll back; then it runs again with a savepoint each.
        const outcomes = (await this.#together(batch, false)) ?? (await this.#together(batch, true))!;
        batch.forEach((item, i) => {
          const outcome = outcomes[i]!;
          if (outcome.ok) item.resolve(outcome.value);
          else item.reject(outcome.error);
        });
      } catch (error) {
        if (!(error instanceof BatchConflict)) {
          for (const item of batch) item.reject(error);
          continue;
        }
        // Another process wrote the same rows: each write again, on its own, until it commits.
        for (const item of batch) await this.#alone(item.fn).then(item.resolve, item.reject);
      }
    }
    this.#flushing = false;
  }

  /**
   * The writes of a batch in one transaction; one commit. With `savepoints`, each write runs in its
   * own savepoint, so that one that throws is rolled back alone. Without, the first write that
   * throws rolls the whole transaction back and the answer is undefined (run the batch again with
   * savepoints): the common batch, where every write commits, saves a round trip a write.
   */
  async #together(
    batch: QueuedWrite[],
    savepoints: boolean,
  ): Promise<Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> | undefined> {
    const client = await this.pool.connect();
    let broken = false;
    const started = this.#onCommit ? performance.now() : 0;
    try {
      await client.query(
        savepoints ? 'BEGIN ISOLATION LEVEL SERIALIZABLE; SAVEPOINT w' : 'BEGIN ISOLATION LEVEL SERIALIZABLE',
      );
      const memo = new ReadMemo();
      const tx = areas(new PgSql(client, undefined, memo)) as StoreTx;
      const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
      for (const [i, item] of batch.entries()) {
        const next = i + 1 < batch.length ? '; SAVEPOINT w' : '';
        try {
          const value = await this.#writing.run(client, () => item.fn(tx));
          if (savepoints) await client.query(`RELEASE SAVEPOINT w${next}`);
          outcomes.push({ ok: true, value });
        } catch (error) {
          if (retryable(error)) throw new BatchConflict();
          if (!savepoints) {
            await client.query('ROLLBACK').catch(() => (broken = true));
            return undefined;
          }
          memo.clear();
          await client.query(`ROLLBACK TO SAVEPOINT w; RELEASE SAVEPOINT w${next}`);
          outcomes.push({ ok: false, error });
        }
      }
      try {
        await client.query('COMMIT');
      } catch (error) {
        throw retryable(error) ? new BatchConflict() : error;
      }
      this.#onCommit?.(performance.now() - started);
      return outcomes;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => (broken = true));
      throw error;
    } finally {
      client.release(broken);
    }
  }

  /** One write in its own transaction, run again (after a short random wait) on a conflict. */
  async #alone<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const client = await this.pool.connect();
      let broken = false;
      const started = this.#onCommit ? performance.now() : 0;
      try {
        await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
        const value = await this.#writing.run(client, () =>
          fn(areas(new PgSql(client, undefined, new ReadMemo())) as StoreTx),
        );
        await client.query('COMMIT');
        this.#onCommit?.(performance.now() - started);
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => (broken = true));
        if (attempt < MAX_ATTEMPTS && retryable(error)) {
          // A little random wait, growing, so that the writers that collided do not collide again.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(attempt, 10) * 2));
          continue;
        }
        throw error;
      } finally {
        client.release(broken);
      }
    }
  }

  /** One round trip to the database, given up after `timeoutMs`. */
  async ping(timeoutMs = 1000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.pool.query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('the database did not answer in time')), timeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  forgetCached(): void {
    // No caches: every read goes to the database.
  }

  observeCommits(observer: ((ms: number) => void) | undefined): void {
    this.#onCommit = observer;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.pool.end();
  }
}

export type { Queryable };
