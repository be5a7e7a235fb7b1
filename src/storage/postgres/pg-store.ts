/**
 * The PostgreSQL adapter of the storage port (node-postgres, a pool). Several Parley processes may
 * share one database: it is the adapter of "several nodes" (ADR 0025).
 *
 * Writes: `write(fn, key)` runs fn in a SERIALIZABLE transaction; the writes queued in one turn of
 * the event loop for one write connection are committed together, in as few round trips as they can
 * (pg-transaction.ts). A node has several write connections, and a write goes to the one its key
 * (its bot, else its chat) hashes to (pg-writes.ts, ADR 0106). A conflict with another connection's
 * or process's write is retried.
 *
 * Reads outside a write run on the pool and see committed data. A read through the store (not the
 * `tx`) made while a write's fn runs goes to that write's transaction, as on SQLite (one connection):
 * it sees the write's own changes (pg-writes.ts `callersWrite`). Users, chats and members are
 * kept in row caches (pg-cache.ts): a transaction that changes one tells the other processes in its
 * own commit (a `rows.changed` NOTIFY on the event channel, pg-channel.ts) and forgets it here once
 * committed; `forgetCached` forgets what the others changed. Within one transaction (a batch), a
 * plain read answered before is answered again from a memo until the transaction writes a table it
 * read (pg-sql.ts ReadMemo): the snapshot would answer the same.
 *
 * `read(fn)` (a consistent view, store.ts) takes a connection of the pool for a REPEATABLE READ READ
 * ONLY transaction and composes the areas on it, without the row caches (a cached row may be newer
 * than the snapshot) and without routing to a write: writes go on beside it, unseen.
 *
 * The queries live per area in tables/ and gateway/ (one class per port of ../ports/), composed
 * once for the pool and once for the write transaction that runs.
 */
import pg from 'pg';
import { migrate } from './migrate.js';
import { PgCaches, PoolScope } from './pg-cache.js';
import { channelOf, nodeOf, onMissedNotifications } from './pg-channel.js';
import { PgJobClaims } from './pg-job-claims.js';
import type { Rerun } from './pg-lock-order.js';
import { PgSql, type Queryable } from './pg-sql.js';
import { PgWrites } from './pg-writes.js';
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
import { PgCommunities } from './tables/communities.js';
import { PgPersonViews } from './tables/person-views.js';
import { PgMessageSearch, countStoredMessages, indexMessages } from './tables/message-search.js';
import { PgWorldViews } from './tables/world-views.js';
import { PgEphemeral } from './tables/ephemeral.js';
import { PgMetrics } from './tables/metrics.js';
import { PgWebhookLog } from './tables/webhook-log.js';
import { PgTimeline } from './tables/timeline.js';
import { PgBusiness } from './tables/business.js';
import { PgTopics } from './tables/topics.js';
import { PgPassport } from './tables/passport.js';
import { PgUpdates } from './tables/updates.js';
import { PgUsers } from './tables/users.js';
import { compose } from '../compose.js';
import { SearchIndexer, type SearchIndexTiming } from '../search-indexer.js';
import type { GatewayStoreTx } from '../gateway-store.js';
import type { CachedArea } from '../ports/events.js';
import {
  writeArgs,
  type Store,
  type StoreReader,
  type StoreTx,
  type StoreView,
  type WriteKey,
} from '../store.js';

/** BIGINT columns (ids, times in ms) as JS numbers: every value Parley stores is below 2^53. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/**
 * Pipelined connections for job claims (pg-job-claims.ts), taken from `poolSize` (2 of 6 or more,
 * else 1): the claims left the pool, so a node's connections stay as many as before.
 */
function claimConnections(poolSize: number): number {
  return poolSize >= 6 ? 2 : 1;
}

export interface PgStoreOptions {
  /** A `postgres://` connection string. */
  url: string;
  /** Tables live in this schema (created if absent); the connection's default otherwise. */
  schema?: string;
  /**
   * Connections for reads and job claims (default 10: 8 for reads, 2 pipelined for claims); writes
   * have their own.
   */
  poolSize?: number;
  /** Write connections (default 1, pg-writes.ts; each opened by the first write routed to it). */
  writers?: number;
  /** When the search index is filled in the background (search-indexer.ts); for tests. */
  searchIndex?: Partial<SearchIndexTiming>;
  /** The writes' isolation (pg-write-lane.ts); for tests of write guards (ADR 0129). */
  isolation?: 'SERIALIZABLE' | 'REPEATABLE READ';
}

/** `indexer`: the store's search index, which counts its messages; none in a read-only view. */
function areas(sql: PgSql, indexer?: SearchIndexer): Omit<StoreTx, 'gateway'> & { gateway: GatewayStoreTx } {
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
    new PgCommunities(sql),
    new PgBusiness(sql),
    new PgTopics(sql),
    new PgPassport(sql),
    new PgPersonViews(sql),
    new PgMessageSearch(sql, indexer),
    new PgWorldViews(sql),
    new PgEphemeral(sql),
    new PgMetrics(sql),
    new PgWebhookLog(sql),
    new PgTimeline(sql),
  );
  const gateway: GatewayStoreTx = compose(
    new PgDevices(sql),
    new PgAccounts(sql),
    new PgRequests(sql),
    new PgGatewayJobs(sql),
    new PgDeliveryLog(sql),
  );
  if (indexer) countStoredMessages(main, indexer);
  return Object.assign(main, { gateway });
}

function noTransaction(): never {
  throw new Error('a write used its transaction after it ended');
}

// The class has the areas' read methods (copied onto each instance by the constructor).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface PgStore extends StoreReader {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class PgStore implements Store {
  readonly pool: pg.Pool;
  readonly gateway: GatewayStoreTx;
  readonly jobs: PgJobClaims;
  /** Store.usesWriteKeys: its lanes and the rows taken ahead follow the keys (ADR 0106). */
  readonly usesWriteKeys = true;
  #closed = false;
  readonly #caches = new PgCaches();
  readonly #writes: PgWrites;
  readonly #claims: pg.Pool;
  /** Fills the search index (tables/message-search.ts); stopped by `close`. */
  readonly #searchIndexer: SearchIndexer;

  private constructor(
    pool: pg.Pool,
    config: pg.ClientConfig,
    schema: string | undefined,
    claims: number,
    { writers, searchIndex, isolation }: PgStoreOptions,
  ) {
    this.pool = pool;
    const onItsOwn = new PgSql(pool);
    const indexer = new SearchIndexer((ranges) => indexMessages(onItsOwn, ranges), searchIndex);
    this.#searchIndexer = indexer;
    const onPool = areas(
      new PgSql(pool, () => this.#writes.callersWrite, undefined, new PoolScope(this.#caches)),
      indexer,
    );
    this.gateway = onPool.gateway;
    Object.assign(this, onPool, { gateway: onPool.gateway });
    // Claims that take several statements go in one round trip on connections of their own.
    this.#claims = new pg.Pool({ ...config, max: claims, pipeline: true });
    this.#claims.on('error', () => undefined);
    this.jobs = new PgJobClaims(pool, this.#claims);
    this.#writes = new PgWrites(
      {
        connect: async () => {
          // Index scans, so that SERIALIZABLE watches the rows a write reads, not whole tables
          // (pg-write-lane.ts).
          // The connection waits in a transaction it began with its last commit (pg-write-lane.ts): a
          // server-wide idle_in_transaction_session_timeout must not end it. A row lock waited for
          // past lock_timeout fails the write, which runs again (CONFLICT_CODES, pg-transaction.ts).
          const options = [
            config.options,
            '-c enable_seqscan=off -c idle_in_transaction_session_timeout=0 -c lock_timeout=200',
          ]
            .filter(Boolean)
            .join(' ');
          const client = new pg.Client({ ...config, options, pipeline: true });
          client.on('error', () => undefined);
          await client.connect();
          return client;
        },
        caches: this.#caches,
        channel: channelOf(schema),
        node: nodeOf(pool),
        // Composed once per write connection: they go to whichever of its transactions runs.
        areas: (current) => areas(new PgSql(pool, () => current() ?? noTransaction()), indexer) as StoreTx,
        isolation,
      },
      writers,
    );
    onMissedNotifications(pool, () => this.#caches.clear());
  }

  /** Connects, creates the schema if asked, and migrates (once, whatever other nodes do). */
  static async open(options: PgStoreOptions): Promise<PgStore> {
    if (options.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(options.schema))
      throw new Error(`invalid schema name "${options.schema}"`);
    const config: pg.ClientConfig = {
      connectionString: options.url,
      types,
      // A database that stops answering (rather than closing its connections) makes calls fail
      // instead of hang: connecting gives up after 5 s, a query after 60 s, and dead peers are
      // found by TCP keep-alive.
      connectionTimeoutMillis: 5000,
      query_timeout: 60_000,
      keepAlive: true,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    };
    const poolSize = options.poolSize ?? 10;
    const claims = claimConnections(poolSize);
    const pool = new pg.Pool({ ...config, max: Math.max(1, poolSize - claims) });
    // An idle client's error (the server went away) must not crash the process; the next query fails.
    pool.on('error', () => undefined);
    try {
      await migrate(pool, options.schema);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PgStore(pool, config, options.schema, claims, options);
  }

  write<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T>;
  write<T>(key: WriteKey | undefined, fn: (tx: StoreTx) => Promise<T>): Promise<T>;
  write<T>(
    first: WriteKey | undefined | ((tx: StoreTx) => Promise<T>),
    second?: (tx: StoreTx) => Promise<T>,
  ): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('the store is closed'));
    const [key, fn] = writeArgs(first, second);
    return this.#writes.write(fn, key);
  }

  /** fn's reads in one snapshot (store.ts): a transaction of its own on a pool connection. */
  async read<T>(fn: (view: StoreView) => Promise<T>): Promise<T> {
    if (this.#closed) throw new Error('the store is closed');
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const value = await fn(areas(new PgSql(client)));
      await client.query('COMMIT');
      return value;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollback: Error) => {
        broken = rollback;
      });
      throw error;
    } finally {
      // A connection whose transaction could not be ended is not given back to the pool.
      client.release(broken);
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

  forgetCached(area: CachedArea, id: number): void {
    this.#caches.forget(area, id);
  }

  /**
   * Write transactions run again since the store opened, by why: a serialization failure, a
   * deadlock, a row lock waited for past lock_timeout, or a row locked out of order with NOWAIT
   * that another transaction held (pg-lock-order.ts).
   */
  get reruns(): Readonly<Record<Rerun, number>> {
    return { ...this.#writes.reruns };
  }

  observeCommits(observer: ((ms: number) => void) | undefined): void {
    this.#writes.onCommit = observer;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#searchIndexer.stop();
    await this.#writes.close();
    await this.#claims.end();
    await this.pool.end();
  }
}

export type { Queryable };
