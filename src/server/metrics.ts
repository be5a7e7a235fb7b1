/**
 * The server's metrics in the Prometheus text format (`prom-client`, ADR 0060), on `GET /metrics`
 * behind the admin token.
 *
 * One registry per server (never prom-client's global one): tests run many servers in one process,
 * and each counts its own. What is counted where:
 * - requests and their latency: at the one point that already times every answered request for its
 *   log line (http/request-log.ts, `RequestObserver`), for the fast lanes and Fastify alike: two
 *   Map lookups and a bucket's increment per request, in plain numbers that the registry reads at
 *   scrape (`Buckets`). A successful `sendVerificationMessage` there is also a gateway send.
 * - webhook deliveries: the webhook worker reports each attempt's outcome.
 * - store commits: the adapter reports each commit's time (Store.observeCommits).
 * - pending updates, job lag and gateway balances: read from the store when scraped
 *   (storage/ports/metrics.ts), a few statements per scrape and none per request.
 */
import { bearerCheck } from '../http/bearer.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type * as PromClient from 'prom-client';
import type { Registry } from 'prom-client';
import type { RequestObserver, Surface } from '../http/request-log.js';
import { lazyPackage } from '../config/lazy-package.js';
import type { Clock } from '../platform/core/clock.js';
import { UNITS_PER_CREDIT } from '../platform/gateway/money.js';
import type { Store } from '../storage/store.js';

/** Gateway accounts whose balance is exported at most (one series each). */
export const MAX_BALANCE_SERIES = 1000;

/** Request latency buckets, seconds: sub-millisecond answers to long polls (getUpdates waits 50 s). */
const LATENCY_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60,
];
/** Commit time buckets, seconds: a SQLite commit takes microseconds, a PostgreSQL one a round trip. */
const COMMIT_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

export type WebhookOutcome = 'delivered' | 'failed';

/**
 * prom-client, loaded at the first scrape (issue 28: a server's start, and a test's world, never
 * scraped, do not pay for loading it; config/lazy-package.ts).
 */
const promClient = lazyPackage<typeof PromClient>('prom-client');

/**
 * A histogram in plain numbers, observed on the hot path and written out at scrape. prom-client's
 * own `observe` (and `inc`) hashes its labels at every call, even on a label child: about 0.5 µs
 * each, measured, as much as a tenth of a request log line.
 */
class Buckets {
  /** Observations per bucket (not cumulative); the last one is +Inf. */
  readonly counts: number[];
  sum = 0;
  count = 0;

  constructor(readonly bounds: readonly number[]) {
    this.counts = new Array<number>(bounds.length + 1).fill(0);
  }

  observe(value: number): void {
    this.sum += value;
    this.count += 1;
    const { bounds } = this;
    let i = 0;
    while (i < bounds.length && value > bounds[i]!) i++;
    this.counts[i]! += 1;
  }
}

/** A metric of the registry made of `Buckets` series, in prom-client's histogram shape. */
function bucketsMetric(
  name: string,
  help: string,
  series: () => Iterable<[labels: Record<string, string>, buckets: Buckets]>,
) {
  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    reset() {},
    async get() {
      const values: Array<{ metricName: string; labels: Record<string, string | number>; value: number }> =
        [];
      for (const [labels, buckets] of series()) {
        let cumulative = 0;
        buckets.bounds.forEach((bound, i) => {
          cumulative += buckets.counts[i]!;
          values.push({ metricName: `${name}_bucket`, labels: { ...labels, le: bound }, value: cumulative });
        });
        values.push({
          metricName: `${name}_bucket`,
          labels: { ...labels, le: '+Inf' },
          value: buckets.count,
        });
        values.push({ metricName: `${name}_sum`, labels, value: buckets.sum });
        values.push({ metricName: `${name}_count`, labels, value: buckets.count });
      }
      return { name, help, type: 'histogram', aggregator: 'sum', values };
    },
  };
  return metric;
}

/** One surface's tallies: answered requests by method and status, and their latency. */
interface SurfaceTally {
  byMethod: Map<string, Map<number, { n: number }>>;
  latency: Buckets;
}

const SURFACES: readonly Surface[] = ['bot-api', 'gateway', 'control', 'file'];

export class ServerMetrics {
  /** Built at the first scrape; the hot path counts in plain numbers until then and after. */
  #registry: Registry | undefined;
  readonly #webhooks: Record<WebhookOutcome, number> = { delivered: 0, failed: 0 };
  #gatewaySends = 0;
  /** Plain tallies on the hot path (see `Buckets`), read into the registry at scrape. */
  readonly #surfaces = new Map<Surface, SurfaceTally>();
  readonly #commits = new Buckets(COMMIT_BUCKETS);

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    /** How many getUpdates are parked on this process. */
    private readonly parkedPolls: () => number,
  ) {
    for (const surface of SURFACES)
      this.#surfaces.set(surface, { byMethod: new Map(), latency: new Buckets(LATENCY_BUCKETS) });
  }

  /** The registry, made (and prom-client loaded) at the first scrape. */
  get registry(): Registry {
    this.#registry ??= this.#build();
    return this.#registry;
  }

  #build(): Registry {
    const { Counter, Registry } = promClient();
    const registry = new Registry();
    const registers = [registry];
    const surfaces = this.#surfaces;
    new Counter({
      name: 'parley_requests_total',
      help: 'Answered requests by surface (bot-api, gateway, control, file), method and HTTP status.',
      labelNames: ['surface', 'method', 'status'],
      registers,
      collect() {
        this.reset();
        for (const [surface, tally] of surfaces)
          for (const [method, statuses] of tally.byMethod)
            for (const [status, { n }] of statuses) this.inc({ surface, method, status }, n);
      },
    });
    registry.registerMetric(
      bucketsMetric(
        'parley_request_duration_seconds',
        'Time from a request arriving to its answer being written, by surface.',
        function* () {
          for (const [surface, tally] of surfaces)
            if (tally.latency.count > 0) yield [{ surface }, tally.latency];
        },
      ) as never,
    );
    const webhooks = this.#webhooks;
    new Counter({
      name: 'parley_webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome: delivered (2xx) or failed (retried or given up).',
      labelNames: ['outcome'],
      registers,
      collect() {
        this.reset();
        for (const outcome of ['delivered', 'failed'] as const) this.labels(outcome).inc(webhooks[outcome]);
      },
    });
    // A getter: `collect` runs with the metric as `this`.
    const gatewaySends = () => this.#gatewaySends;
    new Counter({
      name: 'parley_gateway_sends_total',
      help: 'Verification messages sent through the gateway (successful sendVerificationMessage calls).',
      registers,
      collect() {
        this.reset();
        this.inc(gatewaySends());
      },
    });
    const { store } = this;
    new Counter({
      name: 'parley_store_reruns_total',
      help: "Writes run again after meeting another write connection's or node's (PostgreSQL), by reason.",
      labelNames: ['reason'],
      registers,
      collect() {
        this.reset();
        for (const [reason, count] of Object.entries(store.reruns)) this.labels(reason).inc(count);
      },
    });
    const commits = this.#commits;
    registry.registerMetric(
      bucketsMetric(
        'parley_store_commit_seconds',
        'Store transactions (a group commit counts once), from BEGIN to the end of COMMIT.',
        () => [[{}, commits]],
      ) as never,
    );
    this.#scrapeGauges(registers);
    return registry;
  }

  /** For RequestLog: counts and times each answered request (two Map lookups, no allocation). */
  readonly observeRequest: RequestObserver = (surface, method, status, elapsedMs, failed) => {
    const tally = this.#surfaces.get(surface)!;
    const name = method ?? 'unknown';
    let statuses = tally.byMethod.get(name);
    if (statuses === undefined) {
      statuses = new Map();
      tally.byMethod.set(name, statuses);
    }
    const counted = statuses.get(status);
    if (counted === undefined) statuses.set(status, { n: 1 });
    else counted.n += 1;
    tally.latency.observe(elapsedMs / 1000);
    if (surface === 'gateway' && !failed && name === 'sendVerificationMessage') this.#gatewaySends += 1;
  };

  /** For the webhook worker: one attempt's outcome. */
  readonly webhookAttempt = (outcome: WebhookOutcome): void => {
    this.#webhooks[outcome] += 1;
  };

  /** For the store (Store.observeCommits). */
  readonly observeCommit = (ms: number): void => {
    this.#commits.observe(ms / 1000);
  };

  /** The text of a scrape. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The gauges read from the store at scrape time; a failed read leaves its gauge empty. */
  #scrapeGauges(registers: Registry[]): void {
    const { Gauge } = promClient();
    const { store, clock } = this;
    const failed = (what: string) => (error: unknown) =>
      this.log.warn({ err: error }, `reading ${what} for the metrics failed`);

    new Gauge({
      name: 'parley_pending_updates',
      help: "Updates waiting in the bots' queues, by delivery: webhook (to be delivered) or polling (to be fetched by getUpdates).",
      labelNames: ['delivery'],
      registers,
      async collect() {
        this.reset();
        const counts = await store.countPendingUpdates().catch(failed('pending updates'));
        if (!counts) return;
        this.labels('webhook').set(counts.webhook);
        this.labels('polling').set(counts.all - counts.webhook);
      },
    });
    const { parkedPolls } = this;
    new Gauge({
      name: 'parley_parked_polls',
      help: 'Long polls (getUpdates with a timeout) waiting on this process for an update, read at scrape.',
      registers,
      collect() {
        this.set(parkedPolls());
      },
    });
    new Gauge({
      name: 'parley_job_lag_seconds',
      help: 'How long the oldest due job of a queue has been due (0 when none is): webhook, gateway.',
      labelNames: ['queue'],
      registers,
      async collect() {
        this.reset();
        const now = clock.nowMs();
        const oldest = await store.oldestDueJobs(now).catch(failed('job lag'));
        if (!oldest) return;
        for (const queue of ['webhook', 'gateway'] as const) {
          const due = oldest[queue];
          this.labels(queue).set(due === undefined ? 0 : Math.max(0, now - due) / 1000);
        }
      },
    });
    new Gauge({
      name: 'parley_gateway_account_balance_credits',
      help: `Gateway accounts' balances in credits, by account id (the first ${MAX_BALANCE_SERIES} accounts).`,
      labelNames: ['account'],
      registers,
      async collect() {
        this.reset();
        const accounts = await store.listAccountBalances(MAX_BALANCE_SERIES).catch(failed('balances'));
        for (const { id, balance } of accounts ?? []) this.labels(String(id)).set(balance / UNITS_PER_CREDIT);
      },
    });
  }
}

/**
 * `GET /metrics`, behind the admin token (`Authorization: Bearer`), compared in constant time as
 * the control API does. Not counted in the request metrics itself.
 */
export function metricsRoute(
  app: FastifyInstance,
  metrics: ServerMetrics,
  adminToken: string,
  operatorToken?: string,
): void {
  const isAdmin = bearerCheck(adminToken, operatorToken);
  app.get('/metrics', async (request, reply) => {
    if (!isAdmin(request.headers.authorization)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({
        ok: false,
        error: 'ADMIN_TOKEN_INVALID',
        description: 'missing or wrong admin token (Authorization: Bearer ...)',
      });
    }
    const text = await metrics.scrape();
    return reply.header('content-type', metrics.contentType).send(text);
  });
}

/** The metrics listener (`--metrics-port`): where it is, and how to stop it. */
export interface MetricsListener {
  /** `http://host:port/metrics`. */
  url: string;
  close(): Promise<void>;
}

/**
 * A second listener that serves only `GET /metrics`, without the admin token: for a port that only
 * the monitoring network reaches (ADR 0060). An address that cannot be had is said in one line with
 * its code, as the main port's (run.ts).
 */
export async function listenMetrics(
  metrics: ServerMetrics,
  host: string,
  port: number,
): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('only /metrics is served here\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end();
      return;
    }
    metrics.scrape().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('scrape failed\n'),
    );
  });
  server.keepAliveTimeout = 75_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const where = `metrics port ${port} on ${host}`;
    const message =
      code === 'EADDRINUSE'
        ? `${where} is in use`
        : code === 'EACCES'
          ? `${where} is not allowed to this user`
          : code === 'EADDRNOTAVAIL'
            ? `${host} is not an address of this machine`
            : undefined;
    if (message === undefined) throw error;
    throw Object.assign(new Error(message, { cause: error }), { code });
  }
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
