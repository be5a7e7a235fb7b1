/**
 * Job claims on SQLite (ports/jobs.ts). One process at a time uses a SQLite data folder (its lock,
 * ADR 0016), so the leases are kept in memory: they cost no write, and they end with the process,
 * which is what an expired lease means. The jobs themselves (update rows, gateway jobs) are read from
 * the database at each claim, so a claim never hands out a job that is gone or not due. ADR 0023.
 */
import type { GatewayJobRow, GatewayJobsReader, JobLane } from '../ports/gateway/jobs.js';
import type { JobClaims, JobRef, Lease } from '../ports/jobs.js';
import type { UpdateRow, UpdatesReader } from '../ports/updates.js';

/** Pending updates read per look while claiming. */
const SCAN_PAGE = 1000;

interface Held {
  owner: string;
  until: number;
}

function keyOf(job: JobRef): string {
  switch (job.kind) {
    case 'update':
      return `u:${job.botId}:${job.updateId}`;
    case 'gateway':
      return `g:${job.id}`;
    case 'sweep':
      return `s:${job.name}`;
  }
}

export class SqliteJobClaims implements JobClaims {
  readonly #leases = new Map<string, Held>();
  /**
   * Per bot and owner (`bot:owner`): an update_id up to which every pending update is held by that
   * owner (or gone), so that its next claim reads on from there instead of from the queue's start.
   * A release of one of those updates moves it back.
   */
  readonly #heldUpTo = new Map<string, number>();
  /** Bots whose last claim passed over updates another owner holds (`heldElsewhere`). */
  readonly #heldElsewhere = new Set<number>();
  /** Bots whose last claim may have left claimable updates behind (`leftBehind`). */
  readonly #leftBehind = new Set<number>();

  constructor(
    private readonly reader: Pick<UpdatesReader, 'listPendingUpdates'> &
      Pick<GatewayJobsReader, 'listDueJobs'>,
  ) {}

  /** The live holder of a job, if any; an expired entry is dropped on the way. */
  #holder(key: string, now: number): string | undefined {
    const held = this.#leases.get(key);
    if (!held) return undefined;
    if (held.until > now) return held.owner;
    this.#leases.delete(key);
    return undefined;
  }

  async claimUpdates(botId: number, lease: Lease, dueBy: number, limit: number): Promise<UpdateRow[]> {
    const claimed: UpdateRow[] = [];
    /** Chats with an earlier update this owner may not take: their later updates wait. */
    const blocked = new Set<string>();
    // Reading past a few pages of held-back chats would find little: those chats wait anyway.
    const scanLimit = Math.max(limit, SCAN_PAGE) * 2;
    let scanned = 0;
    const hintKey = `${botId}:${lease.owner}`;
    let after = this.#heldUpTo.get(hintKey) ?? 0;
    // Whether every update read so far is this owner's: then the hint moves on with them.
    let prefix = true;
    let others = false;
    while (claimed.length < limit && scanned < scanLimit) {
      // Read about what is wanted (rows held back are skipped and read on), not a whole page.
      const page = Math.min(SCAN_PAGE, Math.max(limit - claimed.length, 64));
      const rows = await this.reader.listPendingUpdates(botId, after, page);
      for (const row of rows) {
        const key = `u:${botId}:${row.update_id}`;
        const holder = this.#holder(key, lease.now);
        if (holder === lease.owner) {
          if (prefix) this.#heldUpTo.set(hintKey, row.update_id);
          continue;
        }
        if (blocked.has(row.queue_key)) {
          prefix = false;
          continue;
        }
        if (holder !== undefined || row.next_attempt_at > dueBy) {
          if (holder !== undefined) others = true;
          blocked.add(row.queue_key);
          prefix = false;
          continue;
        }
        this.#leases.set(key, { owner: lease.owner, until: lease.until });
        claimed.push(row);
        if (prefix) this.#heldUpTo.set(hintKey, row.update_id);
        if (claimed.length === limit) break;
      }
      scanned += rows.length;
      if (rows.length < page) break;
      after = rows.at(-1)!.update_id;
    }
    if (others && claimed.length < limit) this.#heldElsewhere.add(botId);
    else this.#heldElsewhere.delete(botId);
    // Stopped at the limit or at the scan's end: rows past it may be claimable.
    if (claimed.length === limit || scanned >= scanLimit) this.#leftBehind.add(botId);
    else this.#leftBehind.delete(botId);
    return claimed;
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
    // Room for the due jobs that are held already, which are skipped.
    let held = 0;
    for (const [key, value] of this.#leases) if (key.startsWith('g:') && value.until > lease.now) held += 1;
    const rows = await this.reader.listDueJobs(lane, dueBy, limit + held);
    const claimed: GatewayJobRow[] = [];
    for (const row of rows) {
      if (claimed.length === limit) break;
      const key = `g:${row.id}`;
      if (this.#holder(key, lease.now) !== undefined) continue;
      this.#leases.set(key, { owner: lease.owner, until: lease.until });
      claimed.push(row);
    }
    return claimed;
  }

  async claimSweep(name: string, lease: Lease): Promise<boolean> {
    const key = `s:${name}`;
    const holder = this.#holder(key, lease.now);
    if (holder !== undefined && holder !== lease.owner) return false;
    this.#leases.set(key, { owner: lease.owner, until: lease.until });
    return true;
  }

  async renew(lease: Lease): Promise<number> {
    let count = 0;
    for (const [key, held] of this.#leases) {
      if (held.owner !== lease.owner) continue;
      if (held.until <= lease.now) {
        // Expired: another owner may have taken the job meanwhile; this claim is over.
        this.#leases.delete(key);
        continue;
      }
      held.until = Math.max(held.until, lease.until);
      count += 1;
    }
    return count;
  }

  async release(owner: string, jobs?: JobRef[], completed = false): Promise<void> {
    if (!jobs) {
      for (const [key, held] of this.#leases) if (held.owner === owner) this.#leases.delete(key);
      for (const key of this.#heldUpTo.keys()) if (key.endsWith(`:${owner}`)) this.#heldUpTo.delete(key);
      return;
    }
    for (const job of jobs) {
      const key = keyOf(job);
      if (this.#leases.get(key)?.owner === owner) this.#leases.delete(key);
      if (job.kind === 'update' && !completed) {
        // A released update that is still pending is below the hint no more as this owner's (a
        // completed one is gone, which the hint allows).
        const hintKey = `${job.botId}:${owner}`;
        const hint = this.#heldUpTo.get(hintKey);
        if (hint !== undefined && hint >= job.updateId) this.#heldUpTo.set(hintKey, job.updateId - 1);
      }
    }
  }
}
