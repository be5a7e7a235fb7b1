/**
 * The Fastify app of a Parley: every route of every surface (the Bot API and its files, the gateway,
 * the control API, the web client, health, readiness and metrics), for what no fast lane takes
 * (ADR 0005). The default workspace of a server builds it at start; a workspace and the test kit's
 * in-process server on the first request that needs it (ADR 0094).
 */
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { connectionLimits, DEFAULT_GATEWAY_PATH, type Config } from '../config/config.js';
import { botApiRoutes } from '../bot-api/bot-api-routes.js';
import { fileRoutes } from '../bot-api/file-routes.js';
import { controlRoutes, type ControlOptions } from '../control/control-routes.js';
import { gatewayRoutes } from '../gateway/gateway-routes.js';
import { laneServerFactory, type Lane } from '../http/http-lane.js';
import { webRoutes } from '../web/web-routes.js';
import { frameworkErrorAnswer, notFoundAnswer } from './framework-errors.js';
import { metricsRoute, type ServerMetrics } from './metrics.js';

export interface FastifyAppOptions {
  config: Config;
  log: FastifyBaseLogger;
  /** The fast lanes, offered each request first when the app's own server listens. */
  lanes: Lane[];
  /** Aborted when the Parley starts to close. */
  stopping: AbortSignal;
  metrics: ServerMetrics;
  control: ControlOptions;
  /** Whether the Parley finished starting (`/readyz`). */
  isReady: () => boolean;
}

export async function fastifyApp({
  config,
  log,
  lanes,
  stopping,
  metrics,
  control,
  isReady,
}: FastifyAppOptions): Promise<FastifyInstance> {
  const { platform, signals, requestLog, adminToken, operatorToken } = control;
  const { store } = platform.deps;
  const gatewayBase = config.gatewayPath ?? DEFAULT_GATEWAY_PATH;
  const always200 = config.gatewayAlways200 ?? false;
  // Fastify's own request lines only at debug (http/request-log.ts writes one line per request).
  const fastifyRequestLines = config.logLevel === 'debug' || config.logLevel === 'trace';
  const limits = connectionLimits(config);
  const app = Fastify({
    loggerInstance: log,
    logController: new LogController({ disableRequestLogging: !fastifyRequestLines }),
    serverFactory: laneServerFactory({
      lanes,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      maxConnectionsPerClient: limits.maxConnectionsPerClient,
      onConnectionRefused: (address, cap) =>
        log.warn(
          { ip: address, cap },
          'connections refused (503): this address holds as many open connections as --max-connections-per-client allows',
        ),
      stopping: stopping,
    }),
    forceCloseConnections: 'idle',
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Bot tokens contain ':' and may be long; the default limit of 100 is too short for some paths.
    routerOptions: { maxParamLength: 1000 },
    frameworkErrors: frameworkErrorAnswer({ gatewayBase, always200 }),
  });
  // What no surface's routes take: its own answer, never Fastify's, which echoes the path and query.
  app.setNotFoundHandler(notFoundAnswer);
  // Answers given while stopping close their connection, so that a keep-alive client does not hold
  // the server open after its last request (Node closes only connections idle at close() time).
  app.addHook('onSend', async (_request, reply) => {
    if (stopping.aborted) reply.header('connection', 'close');
  });
  app.get('/healthz', async () => ({ ok: true }));
  metricsRoute(app, metrics, adminToken, operatorToken);
  // Ready: started, not stopping, and the database answers (a PostgreSQL server can go away; a load
  // balancer then sends the traffic to other nodes, and this one comes back when the database does).
  app.get('/readyz', async (_request, reply) => {
    if (!isReady() || stopping.aborted) return reply.code(503).send({ ok: false });
    try {
      await store.ping();
      return { ok: true };
    } catch (error) {
      return reply.code(503).send({ ok: false, description: (error as Error).message });
    }
  });
  await app.register(botApiRoutes, { platform, signals, requestLog });
  await app.register(fileRoutes, { platform, requestLog });
  await app.register(gatewayRoutes, {
    prefix: gatewayBase,
    platform,
    always200,
    requestLog,
  });
  await app.register(controlRoutes, { ...control, prefix: '/control' });
  await app.register(webRoutes, {
    platform,
    profile: config.profile,
    signals,
    adminToken,
    inspectorToken: config.inspectorToken ?? true,
  });
  await app.ready();
  return app;
  await app.ready();
  return app;
}
