/**
 * The composition root: opens storage, builds the platform, and mounts every surface on one Fastify
 * instance. `runServer` (run.ts) adds the process lifecycle; tests use `createParley` directly.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { DEFAULT_GATEWAY_PATH, type Config } from '../config/config.js';
import { botApiLane } from '../bot-api/bot-api-lane.js';
import { webhookReplyRunner } from '../bot-api/webhook-reply.js';
import { controlLane } from '../control/control-lane.js';
import type { ControlOptions } from '../control/control-routes.js';
import { WebhookWorker } from '../delivery/webhook-worker.js';
import { assemblePlatform, type Platform } from '../platform/assembly/platform.js';
import type { HostLookup } from '../platform/net/outbound-connector.js';
import type { Store } from '../storage/store.js';
import { cryptoRandom, type Random } from '../platform/core/random.js';
import { loadClock, VirtualTime } from '../platform/core/virtual-time.js';
import { InProcessRequest } from './in-process-fetch.js';
import { closeServer } from './close-server.js';
import { openStorage, SqliteSchema, type OpenedStorage } from './open-storage.js';
import { makePrivateDir } from '../storage/private-files.js';
import { SHARED_SPOOL_GRACE_MS } from '../platform/files/upload.js';
import { JobClaimant, LEASE_MS } from '../delivery/job-claimant.js';
import { Pruner } from '../delivery/pruner.js';
import { createLogger } from './logger.js';
import type { Lane } from '../http/http-lane.js';
import { WorkspaceHost, type BuildWorkspace } from './workspaces.js';
import { nextWorkAt } from './next-work.js';
import { RequestLog } from '../http/request-log.js';
import { listenMetrics, ServerMetrics, type MetricsListener } from './metrics.js';
import { RequestSignals } from '../http/request-signals.js';
import { gatewayLane } from '../gateway/gateway-lane.js';
import { ReportWorker } from '../delivery/report-worker.js';
import { GatewayTimer } from '../delivery/gateway-timer.js';
import { ClockSweeps } from '../delivery/clock-sweep.js';

export interface Parley {
  app: FastifyInstance;
  platform: Platform;
  time: VirtualTime;
  adminToken: string;
  /** The metrics listener's `/metrics` URL (`--metrics-port`, ADR 0060); undefined: none. */
  metricsUrl: string | undefined;
  /** Starts the background workers (webhook delivery, pruning, gateway reports and timed jobs). */
  startWorkers(): void;
  /** Stops accepting work, finishes in-flight requests, stops workers, closes storage. */
  close(): Promise<void>;
}

export interface CreateOptions {
  config: Config;
  adminToken: string;
  random?: Random;
  /** Log to this stream (default stdout) at config.logLevel. */
  logStream?: NodeJS.WritableStream;
  /** Log with this logger instead (`runServer` passes the one it logged start-up with). */
  log?: Logger;
  /** The resolver of outbound requests' host names (default: the system's); tests simulate DNS. */
  lookup?: HostLookup;
  /**
   * false: no fast lanes, Fastify answers every request (tests compare the two transports, ADR 0005).
   * Default true, at every log level.
   */
  fastLanes?: boolean;
  /**
   * A workspace's Parley (ADR 0061): its admin token is the one its store keeps (this one is kept if
   * it has none), the server's own (`operatorToken`) is accepted too, and it hosts no workspaces.
   * `createdAt` (real Unix s) is kept in its settings if they hold none, in the same write.
   */
  workspace?: { operatorToken: string; createdAt: number };
  /**
   * Build the Fastify app on the first request that no lane takes, not before `createParley`
   * returns (ADR 0094; a workspace's always is). Only with `openWorld`, whose caller serves `handle`.
   */
  lazyApp?: boolean;
  /** What a new SQLite store starts from, read once by the server for its workspaces (open-storage.ts). */
  schema?: SqliteSchema;
}

/** How the default workspace builds the others: as itself, on their storage (workspaces.ts). */
function workspaceBuilder(options: CreateOptions, operatorToken: string): BuildWorkspace {
  return async (config, adminToken, log, createdAt) => {
    const parley = await openWorld({
      config,
      adminToken,
      log: log as Logger,
      workspace: { operatorToken, createdAt },
      ...(options.schema ? { schema: options.schema } : {}),
      ...(options.random ? { random: options.random } : {}),
      ...(options.lookup ? { lookup: options.lookup } : {}),
      ...(options.fastLanes === undefined ? {} : { fastLanes: options.fastLanes }),
    });
    return {
      handle: parley.handle,
      adminToken: parley.adminToken,
      createdAt: parley.createdAt ?? createdAt,
      startWorkers: () => parley.startWorkers(),
      nextWorkAt: () => nextWorkAt(parley.platform),
      close: () => parley.close(),
    };
  };
}

/**
 * The reason a world's shutdown signal aborts with: without one, `abort()` builds a DOMException (with
 * its stack) that nobody reads, in every world's close (issue 28).
 */
const CLOSING = new Error('the server is closing');

/** Where a database shared by several nodes keeps the admin token they all use. */
const ADMIN_TOKEN_SETTING = 'admin.token';
/** Where a workspace keeps the real time it was created at (its own settings). */
const CREATED_AT_SETTING = 'workspace.created_at';

export async function createParley(options: CreateOptions): Promise<Parley> {
  const {
    app,
    handle: _handle,
    stopping: _stopping,
    createdAt: _createdAt,
    ...world
  } = await openWorld(options);
  return { ...world, app: await app() };
}

/**
 * A Parley as `build` makes it: its Fastify app on demand (built before this returns, except for a
 * workspace's and with `lazyApp`, ADR 0094), and `handle`, which answers a request as its own server
 * would (its lanes, then the app). `close(front)` also closes the server that called `handle`, after
 * parked long polls were answered and before the store closes.
 */
export interface World extends Omit<Parley, 'app' | 'close'> {
  app(): Promise<FastifyInstance>;
  handle(request: IncomingMessage, response: ServerResponse): void;
  close(front?: Server): Promise<void>;
  /** Aborted when it starts to close (answers then carry `Connection: close`). */
  stopping: AbortSignal;
  /** A workspace's creation time (real Unix s) as its settings keep it; undefined: not a workspace. */
  createdAt: number | undefined;
}

export async function openWorld(options: CreateOptions): Promise<World> {
  const log = (options.log ?? createLogger(options.config.logLevel, options.logStream)) as FastifyBaseLogger;
  const { storage: where } = options.config;
  // The default workspace's own store opens as before; its workspaces' from the schema it holds.
  const schema = where.kind === 'postgres' ? undefined : (options.schema ?? new SqliteSchema());
  const storage = await openStorage(
    where,
    (error) => log.error({ err: error }, 'the event connection to the database failed; reconnecting'),
    options.schema,
  );
  try {
    return await build(schema ? { ...options, schema } : options, storage, log);
  } catch (error) {
    // What was opened is closed: an open store keeps the process from exiting.
    await storage.close();
    throw error;
  }
}

/**
 * The admin token of a database that several nodes share: the first node stores the token it was
 * given or generated, and every node uses the stored one, so that any node answers the CLI. A
 * workspace's creation time is kept the same way, in the same write (one commit, issue 28).
 */
async function storedSettings(
  store: Store,
  token: string,
  given: boolean,
  createdAt: number | undefined,
): Promise<{ adminToken: string; createdAt: number | undefined }> {
  if (given && createdAt === undefined) return { adminToken: token, createdAt };
  return store.write(async (tx) => {
    const keep = async (key: string, value: string) => {
      const stored = await tx.getSetting(key);
      if (stored !== undefined) return stored;
      await tx.setSetting(key, value);
      return value;
    };
    const adminToken = given ? token : await keep(ADMIN_TOKEN_SETTING, token);
    if (createdAt === undefined) return { adminToken, createdAt };
    return { adminToken, createdAt: Number(await keep(CREATED_AT_SETTING, String(createdAt))) };
  });
}

async function build(options: CreateOptions, storage: OpenedStorage, log: FastifyBaseLogger): Promise<World> {
  const { config, random = cryptoRandom, lookup } = options;
  const { store, filesDir, bus } = storage;
  const { workspace } = options;
  const { adminToken, createdAt } =
    storage.shared || workspace !== undefined
      ? await storedSettings(store, options.adminToken, config.adminToken !== undefined, workspace?.createdAt)
      : { adminToken: options.adminToken, createdAt: undefined };
  const operatorToken = workspace?.operatorToken;
  // Stored uploads are the owner's alone, like the database (storage/private-files.ts). A fresh
  // throwaway store's folder is new: made (0700) by its first write, with no spool to clear.
  if (!storage.fresh) makePrivateDir(filesDir);

  const clock = await loadClock(store);
  // The event port goes with the storage (open-storage.ts). Rows that another process changed leave
  // the store's caches.
  bus.on('rows.changed', ({ area, id }) => store.forgetCached(area, id));
  const platform = assemblePlatform({ store, clock, random, bus, config, filesDir, lookup });
  // Uploads a crashed run left half-received (ADR 0063); the mtimes compared are real time.
  if (!storage.fresh) {
    await platform.files.clearSpool(storage.shared ? Date.now() - SHARED_SPOOL_GRACE_MS : undefined);
  }
  await platform.faults.load();
  const time = new VirtualTime(clock, store, config.profile, bus);
  const shutdown = new AbortController();

  // One line per request at info, written alike by the fast lanes and the Fastify routes
  // (http/request-log.ts); Fastify's own request lines only at debug, for what it serves.
  // The metrics count at the request log's one timing point, and each store commit (ADR 0060).
  const metrics = new ServerMetrics(store, clock, log, () => platform.updates.parkedPolls);
  store.observeCommits(metrics.observeCommit);
  const requestLog = new RequestLog(log, config.logRequests ?? true, metrics.observeRequest);
  const signals = new RequestSignals(shutdown.signal);
  const gatewayBase = config.gatewayPath ?? DEFAULT_GATEWAY_PATH;
  const always200 = config.gatewayAlways200 ?? false;
  // The default workspace hosts the others, under /w/NAME/ (ADR 0061).
  const workspaces =
    workspace === undefined
      ? new WorkspaceHost({
          config,
          log,
          bus,
          gatewayPath: gatewayBase,
          build: workspaceBuilder(options, adminToken),
          registry: store,
          filesDir,
          now: Date.now,
        })
      : undefined;
  const control: ControlOptions = {
    platform,
    time,
    adminToken,
    operatorToken,
    workspaces,
    signals,
    requestLog,
  };
  const lanes: Lane[] = [
    ...(workspaces ? [workspaces] : []),
    ...(options.fastLanes === false
      ? []
      : [
          botApiLane(platform, signals, log, shutdown.signal, requestLog),
          gatewayLane(platform, { base: gatewayBase, always200, log, stopping: shutdown.signal, requestLog }),
          controlLane({ ...control, prefix: '/control', log, stopping: shutdown.signal }),
        ]),
  ];
  let ready = false;
  /**
   * The Fastify app of every route, for what no lane takes. A workspace builds it on the first such
   * request (ADR 0094): a test's world that only sends, waits and polls never needs it.
   */
  // Loaded with the app (ADR 0094): Fastify, its plugins and the routes' modules stay out of a
  // process whose Parleys never build one.
  const buildApp = async () =>
    (await import('./fastify-app.js')).fastifyApp({
      config,
      log,
      lanes,
      stopping: shutdown.signal,
      metrics,
      control,
      isReady: () => ready,
    });

  // This process as the claimant of every background job (delivery/job-claimant.ts).
  const claimant = new JobClaimant(platform.deps.store.jobs, Date.now, config.jobLeaseMs ?? LEASE_MS);
  const webhooks = new WebhookWorker(platform, log, webhookReplyRunner(platform, log), claimant);
  webhooks.onAttempt = metrics.webhookAttempt;
  const pruner = new Pruner(platform, log, claimant, {
    loggedBots: () => webhooks.takeLoggedBots(),
    timelineMax: config.timelineMax,
  });
  const reports = new ReportWorker(platform, log, claimant);
  const gatewayTimer = new GatewayTimer(platform, log, claimant);
  // What falls due on the virtual clock (boosts expire, subscriptions renew, suggested posts publish,
  // giveaways draw, polls close), one sweep per job the platform's parts registered (ADR 0111).
  const sweeps = new ClockSweeps(platform.deps.clock, log, claimant, platform.timedJobs.list());
  // What the platform's parts do after the kernel's events (a deleted paid suggested post is
  // refunded, ...), one listener per registration (platform/core/event-listeners.ts, ADR 0111).
  const stopListeners = platform.listeners.start(platform.deps.bus, (failure, error) =>
    log.error({ err: error }, failure),
  );
  let appBuilt: FastifyInstance | undefined;
  let appBuilding: Promise<FastifyInstance> | undefined;
  const app = () => (appBuilding ??= buildApp().then((built) => (appBuilt = built)));
  if (workspace === undefined && options.lazyApp !== true) await app();
  // A second listener for `/metrics` alone, without the admin token (ADR 0060).
  let metricsListener: MetricsListener | undefined;
  if (config.metricsPort !== undefined) {
    try {
      metricsListener = await listenMetrics(metrics, config.host, config.metricsPort);
    } catch (error) {
      await appBuilt?.close();
      throw error;
    }
  }
  ready = true;

  return {
    app,
    stopping: shutdown.signal,
    handle(request, response) {
      for (const lane of lanes) if (lane.take(request, response)) return;
      // The kit's in-memory request (in-process-fetch.ts) goes to the app over the loopback.
      if (request instanceof InProcessRequest) return request.decline(response);
      if (appBuilt !== undefined) return appBuilt.routing(request, response);
      app().then(
        (built) => built.routing(request, response),
        (error: unknown) => {
          log.error({ err: error }, 'building the app of a workspace failed');
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ ok: false, error_code: 500, description: 'Internal Server Error' }));
        },
      );
    },
    platform,
    time,
    adminToken,
    createdAt,
    metricsUrl: metricsListener?.url,
    startWorkers() {
      // A new, empty store has nothing due: its workers start without a first look (issue 28).
      const { fresh } = storage;
      claimant.start((error) => log.error({ err: error }, 'renewing job claims failed'));
      webhooks.start(fresh);
      pruner.start();
      reports.start(fresh);
      gatewayTimer.start(fresh);
      sweeps.start(fresh);
      workspaces
        ?.start()
        .catch((error: unknown) => log.error({ err: error }, 'opening the workspaces failed'));
    },
    async close(front?: Server) {
      shutdown.abort(CLOSING);
      // Parked long polls answer now with what they have, so that closing does not wait 50 s.
      platform.updates.releaseAll();
      // The app, if it was ever built, and the server in front of it when it does not listen itself.
      const built = await appBuilding?.catch(() => undefined);
      if (built !== undefined) await closeServer(built.server, () => built.close());
      if (front !== undefined) {
        await closeServer(front, () => new Promise<void>((resolve) => front.close(() => resolve())));
      }
      await metricsListener?.close();
      await workspaces?.close();
      await webhooks.stop();
      pruner.stop();
      await gatewayTimer.stop();
      stopListeners();
      await sweeps.stop();
      await reports.stop();
      await claimant.stop();
      // The timeline's events not yet written (timeline.ts writes them in batches, ADR 0099).
      await platform.timeline.flush();
      await storage.close();
      // The emptied connections its closed workspaces left for the next ones (open-storage.ts).
      if (workspace === undefined) options.schema?.close();
    },
  };
}
