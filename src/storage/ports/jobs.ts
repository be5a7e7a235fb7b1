/**
 * Claims on durable background jobs: the one mechanism by which a worker takes a job, so that two
 * workers (two processes on one database) never run the same job at once. ADR 0023.
 *
 * The jobs are rows of their own areas: a webhook delivery is a pending update (ports/updates.ts,
 * ADR 0002), a delivery report or a timed gateway job is a `gateway_jobs` row
 * (ports/gateway/jobs.ts), and a sweep (retention) is a name. A worker:
 *   1. claims due jobs with a lease (`owner`, `until`): `claimUpdates`, `claimGatewayJobs`,
 *      `claimSweep`;
 *   2. runs each, and records the outcome in a `store.write` of its area: complete (delete the row)
 *      or fail (record the attempt and the next attempt time: `recordAttempt`, `rescheduleJob`);
 *   3. releases the claim (`release`), so that a failed job is claimable again when it falls due;
 *   4. renews its leases while it works (`renew`), and releases all of them when it stops.
 * A worker that dies holds its leases until they expire; then any worker reclaims the jobs (at least
 * once, never lost).
 *
 * Contract:
 * - Exclusive: a job claimed under a live lease (until > the claimant's `now`) is not handed to
 *   another owner until that lease expires or is released; two concurrent claims never both get a
 *   job. A claim never hands out a job that is not due (`dueBy`, virtual ms) or that is gone.
 * - Ordered: updates of one bot with one `queue_key` (a chat) are claimed in update_id order and by
 *   one owner at a time: an update is claimable only when every earlier update of its chat is held
 *   by the same owner under a live lease. An earlier update that is not due, or held by another
 *   owner, holds back the later ones. Reports of one request likewise go one at a time, in order.
 * - Leases are in real (system) milliseconds, not virtual time: moving the virtual clock forward
 *   does not expire them.
 * - Claims are not part of a `store.write` and survive none: they are given up by `release`, by
 *   expiry, or with the process. Completing or failing a job is a write of its area, and is valid
 *   whoever holds the claim (at least once: a job whose lease expired mid-run may run twice).
 * - An adapter used by one process only (SQLite: the data folder's lock, ADR 0016) may keep the
 *   leases in memory; an adapter shared by several processes keeps them in the database.
 */
import type { GatewayJobRow, JobLane } from './gateway/jobs.js';
import type { UpdateRow } from './updates.js';

/** A claimant's lease: who it is, its real time now, and until when (real ms) its claim holds. */
export interface Lease {
  owner: string;
  now: number;
  until: number;
}

/** A claimed job, named for `release`. */
export type JobRef =
  | { kind: 'update'; botId: number; updateId: number }
  | { kind: 'gateway'; id: number }
  | { kind: 'sweep'; name: string };

export interface JobClaims {
  /**
   * Claims up to `limit` of the bot's pending updates that are due (next_attempt_at <= dueBy), in
   * update_id order, keeping per-chat order (above). Updates already held by this owner under a
   * live lease are not answered again.
   */
  claimUpdates(botId: number, lease: Lease, dueBy: number, limit: number): Promise<UpdateRow[]>;
  /**
   * Whether the last `claimUpdates` of the bot on this object came back short while passing over
   * pending updates that another owner held under a live lease (they become claimable when that
   * lease ends or is released, so the worker looks again later). A worker rechecks only such bots
   * (ADR 0092). An adapter shared by several processes also answers true for updates waiting for a
   * retry (another process may have scheduled it); one of one process, whose claimant knows its
   * own retries, answers false when its claims have one owner.
   */
  heldElsewhere(botId: number): boolean;
  /**
   * Whether the last `claimUpdates` of the bot on this object may have left due, free updates behind
   * that it could have taken: it stopped at `limit` or at its scan's end, or passed over updates
   * locked by another claim under way. False when it took every due update it could: the worker then
   * claims again only when told of new ones (or of its own given back), not each time it goes idle.
   */
  leftBehind(botId: number): boolean;
  /** Claims up to `limit` due jobs of a lane (ports/gateway/jobs.ts: listDueJobs), by run_at then id. */
  claimGatewayJobs(lane: JobLane, lease: Lease, dueBy: number, limit: number): Promise<GatewayJobRow[]>;
  /** Claims a named sweep (one runner at a time, any node); true when this owner now holds it. */
  claimSweep(name: string, lease: Lease): Promise<boolean>;
  /** Extends every live lease of `lease.owner` to `lease.until`; answers how many it holds. */
  renew(lease: Lease): Promise<number>;
  /**
   * Gives up the owner's claims on these jobs (all of its claims without `jobs`). `completed`: the
   * jobs are done and their rows deleted (an adapter may skip what only pending jobs need).
   */
  release(owner: string, jobs?: JobRef[], completed?: boolean): Promise<void>;
}
