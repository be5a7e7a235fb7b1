/**
 * Delivery reports (spec §6; ADR 0013): each 'report' job is POSTed to its request's callback_url
 * with the RequestStatus it carries, signed afresh at each attempt.
 *
 * A report job's life:
 *   due (run_at <= now, first pending report of its request) --POST--> in flight
 *     --HTTP 200--> deleted, logged 'delivered'
 *     --anything else (other status, redirect, timeout, refused)--> logged 'failed', attempts+1,
 *        run_at = now + schedule(attempts); after the 11th attempt (10 retries) or a 410: deleted,
 *        logged 'lost'.
 * A job is claimed (job-claimant.ts) before its attempt and released after its outcome is written,
 * so one process at a time sends it; after a crash its lease expires and it is due again (at least
 * once). A request's reports go out one at a time, in order (only the first of each is claimable).
 * Attempts cut short by a shutdown are not counted.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Agent } from 'undici';
import { undici } from '../platform/net/undici.js';
import { parseRetryAfter } from './backoff.js';
import { DueLoop } from './due-loop.js';
import { gatewayJob, type JobClaimant } from './job-claimant.js';
import { MAX_REPORT_ATTEMPTS, reportRetryDelayMs } from './report-schedule.js';
import { outboundConnector } from '../platform/net/outbound-connector.js';
import { signReport } from '../platform/gateway/report-signature.js';
import type { Platform } from '../platform/assembly/platform.js';
import type { GatewayJobRow, ReportOutcome } from '../storage/gateway-store.js';
import { reportEvent } from '../platform/timeline/timeline-events.js';

const TIMEOUT_MS = 10_000;
const CONCURRENCY = 16;

function describeFailure(error: unknown): string {
  const code = (error as { code?: string }).code ?? '';
  if (code === 'ECONNREFUSED') return 'Connection refused';
  if (
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  ) {
    return 'Timeout';
  }
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'Connection reset by peer';
  return (error as Error).message || 'Connection failed';
}

/** The reason a report's request is aborted at stop (a reason: no DOMException with its stack). */
const STOPPED = new Error('the report worker stopped');

export class ReportWorker {
  readonly #loop: DueLoop;
  readonly #inFlight = new Map<number, Promise<void>>();
  readonly #unsubscribe: Array<() => void> = [];
  /**
   * The reports being posted, each with a signal of its own that `stop` aborts: one signal shared by
   * every request gathered one abort listener per request in flight (undici adds one), and past 10
   * Node warned MaxListenersExceededWarning (issue 31).
   */
  readonly #posting = new Set<AbortController>();
  #stopped = false;
  /** Made at the first report (undici loads then: a world that sends none never loads it). */
  #agentMade: Agent | undefined;

  constructor(
    private readonly platform: Platform,
    private readonly log: FastifyBaseLogger,
    private readonly claimant: JobClaimant,
  ) {
    this.#loop = new DueLoop(
      platform.deps.clock,
      () => this.#pump(),
      (error) => log.error({ err: error }, 'delivery report worker failed'),
    );
  }

  /**
   * In `strict`, connections to reserved addresses are refused also when a name resolves to one
   * later than when the callback_url was accepted (outbound-connector.ts).
   */
  get #agent(): Agent {
    const { config, lookup } = this.platform.deps;
    this.#agentMade ??= new (undici().Agent)({
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
      connect: outboundConnector({ profile: config.profile, lookup, timeout: TIMEOUT_MS }),
    });
    return this.#agentMade;
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
    const { store, clock } = this.platform.deps;
    const now = clock.nowMs();
    const room = CONCURRENCY - this.#inFlight.size;
    if (room > 0) {
      const claimed = await this.claimant.claims.claimGatewayJobs('report', this.claimant.lease(), now, room);
      for (const job of claimed) this.#start(job);
    }
    // Jobs due now but not started wait for a slot (the end of an attempt kicks the loop again) or are
    // held by another process: look again in a while, when its lease may have expired.
    const next = await store.gateway.nextJobAt('report');
    if (next === undefined) return undefined;
    return next > now ? next : now + this.claimant.recheckMs;
  }

  #start(job: GatewayJobRow): void {
    const attempt = this.#deliver(job)
      .catch((error: unknown) => this.log.error({ err: error, jobId: job.id }, 'delivery report failed'))
      .finally(async () => {
        await this.claimant.release([gatewayJob(job.id)]).catch(() => undefined);
        this.#inFlight.delete(job.id);
        this.#loop.kick();
      });
    this.#inFlight.set(job.id, attempt);
  }

  async #deliver(job: GatewayJobRow): Promise<void> {
    const { store, clock, random } = this.platform.deps;
    const row = await store.gateway.getRequest(job.request_id);
    const account = row && (await store.gateway.getAccount(row.account_id));
    const url = row?.callback_url;
    if (!account || !url || job.body === null) {
      await store.write(async (tx) => tx.gateway.deleteJob(job.id));
      return;
    }
    const timestamp = clock.now();
    const signature = signReport(account.signing_key, timestamp, job.body);
    let statusCode: number | null = null;
    let failure: string | null = null;
    let retryAfter: number | undefined;
    const posting = new AbortController();
    if (this.#stopped) posting.abort(STOPPED);
    this.#posting.add(posting);
    try {
      const response = await undici().request(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-request-timestamp': String(timestamp),
          'x-request-signature': signature,
        },
        body: job.body,
        dispatcher: this.#agent,
        signal: posting.signal,
      });
      statusCode = response.statusCode;
      retryAfter = parseRetryAfter(response.headers['retry-after']);
      await response.body.dump();
    } catch (error) {
      if (posting.signal.aborted) return;
      failure = describeFailure(error);
    } finally {
      this.#posting.delete(posting);
    }

    const attempts = job.attempts + 1;
    const delay =
      statusCode === 200 || statusCode === 410 ? undefined : reportRetryDelayMs(attempts, random, retryAfter);
    const outcome: ReportOutcome = statusCode === 200 ? 'delivered' : delay === undefined ? 'lost' : 'failed';
    const nowMs = clock.nowMs();
    const nextAt = delay === undefined ? null : nowMs + delay;
    await store.write(async (tx) => {
      await tx.gateway.insertDeliveryLog({
        account_id: account.id,
        request_id: job.request_id,
        attempt: attempts,
        url,
        timestamp,
        signature,
        body: job.body!,
        status_code: statusCode,
        error: failure ?? (statusCode === 200 ? null : `HTTP ${statusCode}`),
        outcome,
        next_attempt_at: nextAt,
        created_at: nowMs,
      });
      // The timeline's row, in the same write (ADR 0099).
      if (this.platform.timeline.enabled)
        await tx.insertTimelineEvents([
          reportEvent({
            at: nowMs,
            requestId: job.request_id,
            attempt: attempts,
            outcome,
            statusCode,
            error: failure,
            body: job.body!,
          }),
        ]);
      if (nextAt === null) await tx.gateway.deleteJob(job.id);
      else await tx.gateway.rescheduleJob(job.id, attempts, nextAt);
    });
    this.platform.timeline.appended();
    if (outcome === 'lost') {
      this.log.warn(
        { requestId: job.request_id, attempts, maxAttempts: MAX_REPORT_ATTEMPTS },
        'delivery report lost',
      );
    }
  }

  async stop(): Promise<void> {
    for (const unsubscribe of this.#unsubscribe.splice(0)) unsubscribe();
    await this.#loop.stop();
    this.#stopped = true;
    for (const posting of this.#posting) posting.abort(STOPPED);
    await Promise.allSettled([...this.#inFlight.values()]);
    await this.#agentMade?.destroy();
  }
}
