/**
 * Runs the gateway's timed jobs (device receipts and reads, ttl and code expiry) when they fall due
 * on the virtual clock. The rules are the platform's (platform/gateway/delivery.ts); this only
 * decides when, and claims the jobs (job-claimant.ts) so that one process runs each. The jobs are
 * rows, so a restart picks up whatever was due meanwhile.
 */
import type { FastifyBaseLogger } from 'fastify';
import { DueLoop } from './due-loop.js';
import { gatewayJob, type JobClaimant } from './job-claimant.js';
import type { Platform } from '../platform/assembly/platform.js';

const BATCH = 200;

export class GatewayTimer {
  readonly #loop: DueLoop;
  readonly #unsubscribe: Array<() => void> = [];

  constructor(
    private readonly platform: Platform,
    private readonly log: FastifyBaseLogger,
    private readonly claimant: JobClaimant,
  ) {
    this.#loop = new DueLoop(
      platform.deps.clock,
      () => this.#pump(),
      (error) => log.error({ err: error }, 'gateway timed jobs failed'),
    );
  }

  /** `fresh`: the store is new and empty, so no job is due (the first pass waits for one). */
  start(fresh = false): void {
    const { gateway, deps } = this.platform;
    this.#unsubscribe.push(
      gateway.jobs.on(() => this.#loop.kick()),
      deps.bus.on('events.resumed', () => this.#loop.kick()),
      deps.clock.onAdvance(() => this.#loop.kick()),
    );
    if (!fresh) this.#loop.kick();
  }

  async #pump(): Promise<number | undefined> {
    const { gateway, deps } = this.platform;
    const claims = this.claimant.claims;
    for (;;) {
      const jobs = await claims.claimGatewayJobs('timed', this.claimant.lease(), deps.clock.nowMs(), BATCH);
      try {
        const failed = await gateway.runTimedJobs(jobs);
        for (const { jobId, error } of failed)
          this.log.error({ err: error, jobId }, 'gateway timed job failed');
      } finally {
        await this.claimant.release(jobs.map((job) => gatewayJob(job.id)));
      }
      if (jobs.length < BATCH) break;
    }
    // A job due now that this pass did not claim is held by another process: look again in a while
    // (when its lease may have expired) rather than at once.
    const next = await deps.store.gateway.nextJobAt('timed');
    const now = deps.clock.nowMs();
    if (next === undefined) return undefined;
    return next > now ? next : now + this.claimant.recheckMs;
  }

  async stop(): Promise<void> {
    for (const unsubscribe of this.#unsubscribe.splice(0)) unsubscribe();
    await this.#loop.stop();
  }
}
