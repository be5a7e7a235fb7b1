/**
 * This process as a claimant of background jobs (storage/ports/jobs.ts, ADR 0023): one owner id for
 * the process's life, leases in real time, renewed while the process runs, given up when it stops.
 * Every worker (webhook deliveries, delivery reports, timed gateway jobs, retention) takes its jobs
 * through the one claimant the composition root builds.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { JobClaims, JobRef, Lease } from '../storage/ports/jobs.js';

/** How long a claim holds without renewal: longer than any one attempt (webhooks time out at 60 s). */
export const LEASE_MS = 120_000;

export class JobClaimant {
  /**
   * Unique per process start: a restarted process never mistakes an old claim for its own. Its 8 hex
   * characters come from randomUUID's pool of random bytes (a `randomBytes` call of its own showed in
   * a world's start, issue 28).
   */
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    readonly claims: JobClaims,
    /** Real (system) ms: leases do not follow the virtual clock. */
    private readonly now: () => number = Date.now,
    readonly leaseMs = LEASE_MS,
  ) {}

  /**
   * How soon a worker looks again for jobs it could not claim (held by another process, whose
   * lease may expire): half a lease, at most 30 s.
   */
  get recheckMs(): number {
    return Math.min(30_000, this.leaseMs / 2);
  }

  /** A lease from now, for a claim. */
  lease(): Lease {
    const now = this.now();
    return { owner: this.owner, now, until: now + this.leaseMs };
  }

  /** Renews this process's leases every third of a lease, so that work in progress keeps them. */
  start(onError: (error: unknown) => void): void {
    this.#timer = setInterval(() => {
      this.claims.renew(this.lease()).catch(onError);
    }, this.leaseMs / 3);
    this.#timer.unref();
  }

  /** Gives up claims on these jobs: they are claimable again (when due). `completed`: deleted. */
  release(jobs: JobRef[], completed = false): Promise<void> {
    return jobs.length === 0 ? Promise.resolve() : this.claims.release(this.owner, jobs, completed);
  }

  /** Stops renewing and gives up every claim, so another process may take the jobs at once. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.claims.release(this.owner);
  }
}

/** The claim name of an update's webhook delivery. */
export const updateJob = (botId: number, updateId: number): JobRef => ({ kind: 'update', botId, updateId });

/** The claim name of a gateway job. */
export const gatewayJob = (id: number): JobRef => ({ kind: 'gateway', id });
