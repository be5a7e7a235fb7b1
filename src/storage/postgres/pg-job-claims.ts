/**
 * Job claims on PostgreSQL (ports/jobs.ts, ADR 0023): leases live in the job rows (`lease_owner`,
 * `lease_until`, real ms), so every process sharing the database sees them.
 *
 * - Updates: a claim takes, in one transaction, the due updates of one bot whose lease is free and
 *   whose chat has no earlier update not held by the claimant. The check of earlier updates reads
 *   rows another claim may be taking at the same moment, so the claims of one bot are serialised by
 *   a transaction-scoped advisory lock on the bot (its key is the negated bot id, apart from the
 *   migrations' positive key); claims of different bots run side by side. Rows are still taken
 *   `FOR UPDATE SKIP LOCKED`, so a claim never waits for a write that holds one.
 * - Gateway jobs: `FOR UPDATE SKIP LOCKED` alone; a report is claimable only while no earlier report
 *   of its request exists, whoever holds that one.
 * - Sweeps: one row per name in `job_sweeps`, taken by a conditional upsert.
 */
import type { Pool } from 'pg';
import { inOneWrite, mapError, PgSql, preparedOf, type Row } from './pg-sql.js';
import type { GatewayJobRow, JobLane } from '../ports/gateway/jobs.js';
import type { JobClaims, JobRef, Lease } from '../ports/jobs.js';
import type { UpdateRow } from '../ports/updates.js';

const UPDATE_COLUMNS =
  'u.bot_id, u.update_id, u.type, u.payload, u.queue_key, u.created_at, u.expires_at, u.attempts, u.next_attempt_at';
const JOB_COLUMNS = 'j.id, j.kind, j.request_id, j.run_at, j.attempts, j.body, j.device_id, j.created_at';

const LANE: Record<JobLane, string> = {
  report: `c.kind = 'report' AND NOT EXISTS (SELECT 1 FROM gateway_jobs e WHERE e.kind = 'report'
    AND e.request_seq = c.request_seq AND e.id < c.id)`,
  timed: `c.kind <> 'report'`,
};

/** A claim's commit goes without waiting for the WAL's flush (see `#transaction`). */
export const NO_FLUSH_WAIT = 'SET LOCAL synchronous_commit = off';

/**
 * The claim of one bot's due updates (`claimUpdates`), after the bot's advisory lock was taken.
 * `blocker`: per chat of the bot, its first update that holds the later ones back: not held by this
 * owner, nor free and due (it would be taken in this same claim). `due`: the free, due updates
 * before their chat's blocker, locked (one pass over the bot's rows, not a look back along the chat
 * for each row: a busy group's page of 500 cost tens of ms). `skipped`: per chat of `due`, its
 * first update neither held by this owner nor in `due` (skipped as locked by another claim):
 * `claimed` takes none after it, so that nothing is delivered before an earlier update of its chat.
 * `held`: updates another node holds, or waiting for a retry another node may have scheduled: a
 * short claim with some means a recheck finds them when freed or due (delivery's heldElsewhere).
 * It reads the statement's snapshot, before the claim's own leases: the same answer, since the
 * claim takes only free leases (never one that counts as held) and gives them to this owner (whose
 * leases do not count). `left`: due, free updates it did not take (`leftBehind`).
 */
const CLAIM_UPDATES_SQL = `WITH blocker AS MATERIALIZED (
  SELECT e.queue_key, min(e.update_id) AS first FROM updates e
  WHERE e.bot_id = ?
    AND NOT (e.lease_owner IS NOT NULL AND e.lease_owner = ? AND e.lease_until > ?)
    AND NOT (e.next_attempt_at <= ? AND (e.lease_until IS NULL OR e.lease_until <= ?))
  GROUP BY e.queue_key),
 due AS MATERIALIZED (
  SELECT c.update_id, c.queue_key FROM updates c
  WHERE c.bot_id = ? AND c.next_attempt_at <= ?
    AND (c.lease_until IS NULL OR c.lease_until <= ?)
    AND NOT EXISTS (SELECT 1 FROM blocker b
      WHERE b.queue_key = c.queue_key AND b.first < c.update_id)
  ORDER BY c.update_id LIMIT ?
  FOR UPDATE OF c SKIP LOCKED),
 skipped AS MATERIALIZED (
  SELECT e.queue_key, min(e.update_id) AS first FROM updates e
  WHERE e.bot_id = ? AND e.queue_key IN (SELECT queue_key FROM due)
    AND e.update_id < (SELECT max(update_id) FROM due)
    AND NOT (e.lease_owner IS NOT NULL AND e.lease_owner = ? AND e.lease_until > ?)
    AND e.update_id NOT IN (SELECT update_id FROM due)
  GROUP BY e.queue_key),
 claimed AS (
  UPDATE updates u SET lease_owner = ?, lease_until = ?
  FROM due d
  WHERE u.bot_id = ? AND u.update_id = d.update_id
    AND NOT EXISTS (SELECT 1 FROM skipped s
      WHERE s.queue_key = d.queue_key AND s.first < d.update_id)
  RETURNING ${UPDATE_COLUMNS})
 SELECT COALESCE((SELECT json_agg(claimed) FROM claimed), '[]') AS rows,
  EXISTS (SELECT 1 FROM updates WHERE bot_id = ?
    AND ((lease_owner <> ? AND lease_until > ?) OR next_attempt_at > ?)) AS held,
  EXISTS (SELECT 1 FROM updates WHERE bot_id = ? AND next_attempt_at <= ?
    AND (lease_until IS NULL OR lease_until <= ?)
    AND update_id NOT IN (SELECT update_id FROM claimed)) AS left`;

/** The claim's parameters, in the order of its placeholders. */
function claimParams(botId: number, lease: Lease, dueBy: number, limit: number): unknown[] {
  return [
    // blocker
    botId,
    lease.owner,
    lease.now,
    dueBy,
    lease.now,
    // due
    botId,
    dueBy,
    lease.now,
    limit,
    // skipped
    botId,
    lease.owner,
    lease.now,
    // claimed
    lease.owner,
    lease.until,
    botId,
    // held
    botId,
    lease.owner,
    lease.now,
    dueBy,
    // left
    botId,
    dueBy,
    lease.now,
  ];
}

/**
 * Takes the advisory locks of the bots of a claim (`PgJobClaims.#claim`), in the order given (by
 * bot id, in every process: two claims of the same bots never wait for each other crosswise).
 */
const LOCK_BOTS_SQL = 'SELECT count(pg_advisory_xact_lock(x)) FROM unnest(?::bigint[]) AS x';

/** The most bots' claims one transaction takes (`PgJobClaims.#claim`). */
const BOTS_A_CLAIM = 64;

/** A bot's claim waiting for a connection (`PgJobClaims.#claim`). */
interface WaitingClaim {
  botId: number;
  params: unknown[];
  resolve(row: Row): void;
  reject(error: unknown): void;
}

export class PgJobClaims implements JobClaims {
  private readonly sql: PgSql;
  /** Bots whose last claim came back short with updates another owner holds (`heldElsewhere`). */
  readonly #heldElsewhere = new Set<number>();
  /** Bots whose last claim left due, free updates behind (`leftBehind`). */
  readonly #leftBehind = new Set<number>();
  /** Bots' claims waiting for a connection (`#claim`). */
  #waiting: WaitingClaim[] = [];
  /** Claim transactions running, at most one a claim connection. */
  #running = 0;
  /** Whether the next claim transaction is about to begin. */
  #scheduled = false;
  readonly #connections: number;

  constructor(
    pool: Pool,
    /** Connections in pg's pipeline mode, for claims that are a transaction of several statements. */
    private readonly pipelined: Pool,
  ) {
    this.sql = new PgSql(pool);
    this.#connections = Math.max(1, (pipelined as { options?: { max?: number } }).options?.max ?? 1);
  }

  /**
   * Runs `statements` in one transaction, sent together in one round trip (a pipelined connection
   * runs them in order; a failed one fails those after it and turns the COMMIT into a ROLLBACK);
   * answers each statement's rows, in order. Its commit does not wait for the WAL's flush to disk
   * (ADR 0123): a claim writes only leases, and a lease lost with the database's own crash makes its
   * updates claimable again, delivered at least once as after a node's crash.
   */
  async #transaction(statements: Array<{ sql: string; params: unknown[] }>): Promise<Row[][]> {
    const client = await this.pipelined.connect();
    let broken: Error | undefined;
    try {
      const sent = inOneWrite(client, () => [
        client.query('BEGIN'),
        client.query(NO_FLUSH_WAIT),
        ...statements.map(({ sql, params }) => {
          const { name, text } = preparedOf(sql);
          return client.query<Row>({ name, text, values: params });
        }),
        client.query('COMMIT'),
      ]);
      for (const answer of sent) answer.catch(() => undefined);
      const answers = await Promise.allSettled(sent);
      const failed = answers.find((a) => a.status === 'rejected');
      if (failed) mapError(failed.reason);
      const commit = answers.at(-1) as PromiseFulfilledResult<{ command: string }>;
      if (commit.value.command !== 'COMMIT') throw new Error('the claim failed and was rolled back');
      return answers
        .slice(2, -1)
        .map((answer) => (answer as PromiseFulfilledResult<{ rows: Row[] }>).value.rows);
    } catch (error) {
      // A connection that lost its place in a transaction is not given to the next claim.
      if (!(error as { code?: string }).code) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  }

  async claimUpdates(botId: number, lease: Lease, dueBy: number, limit: number): Promise<UpdateRow[]> {
    const answer = await this.#claim(botId, claimParams(botId, lease, dueBy, limit));
    const claimed = answer.rows as UpdateRow[];
    if (claimed.length < limit && (answer.held as boolean)) this.#heldElsewhere.add(botId);
    else this.#heldElsewhere.delete(botId);
    if (answer.left as boolean) this.#leftBehind.add(botId);
    else this.#leftBehind.delete(botId);
    return claimed.sort((a, b) => a.update_id - b.update_id);
  }

  /**
   * A bot's claim, in a transaction with the claims of other bots that wait with it (ADR 0126): one
   * transaction a claim connection at a time, which takes every claim that waits when it begins (up
   * to `BOTS_A_CLAIM`): the claims asked in one turn of the event loop (the bots that one commit
   * gave updates), and those asked while every claim connection was busy. The bots' advisory locks
   * are taken first, by one statement, in the order of their ids; each claim's statement then reads
   * a snapshot taken after them (READ COMMITTED). A failed transaction fails every claim in it.
   */
  #claim(botId: number, params: unknown[]): Promise<Row> {
    return new Promise<Row>((resolve, reject) => {
      this.#waiting.push({ botId, params, resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#waiting.length === 0 || this.#running >= this.#connections) return;
    this.#scheduled = true;
    // After the turn's other claims were asked.
    queueMicrotask(() => {
      this.#scheduled = false;
      if (this.#waiting.length === 0 || this.#running >= this.#connections) return;
      const batch = this.#waiting.splice(0, BOTS_A_CLAIM).sort((a, b) => a.botId - b.botId);
      this.#running += 1;
      void this.#run(batch).finally(() => {
        this.#running -= 1;
        this.#schedule();
      });
    });
  }

  async #run(batch: WaitingClaim[]): Promise<void> {
    const bots = [...new Set(batch.map((claim) => claim.botId))];
    try {
      const [, ...answers] = await this.#transaction([
        { sql: LOCK_BOTS_SQL, params: [bots.map((botId) => -botId)] },
        ...batch.map((claim) => ({ sql: CLAIM_UPDATES_SQL, params: claim.params })),
      ]);
      batch.forEach((claim, i) => claim.resolve(answers[i]![0]!));
    } catch (error) {
      for (const claim of batch) claim.reject(error);
    }
  }

  heldElsewhere(botId: number): boolean {
    return this.#heldElsewhere.has(botId);
  }

  leftBehind(botId: number): boolean {
    return this.#leftBehind.has(botId);
  }

  async claimGatewayJobs(
    lane: JobLane,
    lease: Lease,
    dueBy: number,
    limit: number,
  ): Promise<GatewayJobRow[]> {
    const rows = await this.sql.all(
      `UPDATE gateway_jobs j SET lease_owner = ?, lease_until = ?
       WHERE j.id IN (
         SELECT c.id FROM gateway_jobs c
         WHERE c.run_at <= ? AND ${LANE[lane]} AND (c.lease_until IS NULL OR c.lease_until <= ?)
         ORDER BY c.run_at, c.id LIMIT ?
         FOR UPDATE SKIP LOCKED)
       RETURNING ${JOB_COLUMNS}`,
      lease.owner,
      lease.until,
      dueBy,
      lease.now,
      limit,
    );
    return (rows as unknown as GatewayJobRow[]).sort((a, b) => a.run_at - b.run_at || a.id - b.id);
  }

  async claimSweep(name: string, lease: Lease): Promise<boolean> {
    const row = await this.sql.get(
      `INSERT INTO job_sweeps (name, lease_owner, lease_until) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET lease_owner = excluded.lease_owner, lease_until = excluded.lease_until
       WHERE job_sweeps.lease_until IS NULL OR job_sweeps.lease_until <= ? OR job_sweeps.lease_owner = ?
       RETURNING name`,
      name,
      lease.owner,
      lease.until,
      lease.now,
      lease.owner,
    );
    return row !== undefined;
  }

  async renew(lease: Lease): Promise<number> {
    let count = 0;
    for (const table of ['updates', 'gateway_jobs', 'job_sweeps']) {
      count += await this.sql.run(
        `UPDATE ${table} SET lease_until = GREATEST(lease_until, ?) WHERE lease_owner = ? AND lease_until > ?`,
        lease.until,
        lease.owner,
        lease.now,
      );
    }
    return count;
  }

  async release(owner: string, jobs?: JobRef[], completed = false): Promise<void> {
    // Completed updates and gateway jobs were deleted with their leases.
    if (completed && jobs?.every((job) => job.kind !== 'sweep')) return;
    const free = 'SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = ?';
    if (!jobs) {
      for (const table of ['updates', 'gateway_jobs', 'job_sweeps'])
        await this.sql.run(`UPDATE ${table} ${free}`, owner);
      return;
    }
    const bots: number[] = [];
    const updates: number[] = [];
    const gateway: number[] = [];
    const sweeps: string[] = [];
    for (const job of jobs) {
      if (job.kind === 'update') {
        bots.push(job.botId);
        updates.push(job.updateId);
      } else if (job.kind === 'gateway') gateway.push(job.id);
      else sweeps.push(job.name);
    }
    if (updates.length > 0)
      await this.sql.run(
        `UPDATE updates ${free} AND (bot_id, update_id) IN
         (SELECT * FROM unnest(?::bigint[], ?::bigint[]))`,
        owner,
        bots,
        updates,
      );
    if (gateway.length > 0)
      await this.sql.run(`UPDATE gateway_jobs ${free} AND id = ANY(?::bigint[])`, owner, gateway);
    if (sweeps.length > 0)
      await this.sql.run(`UPDATE job_sweeps ${free} AND name = ANY(?::text[])`, owner, sweeps);
  }
}
