/**
 * The control API (docs/control-api.md): every route of its schema (src/wire/control-schema/,
 * ADR 0042) with its handler, admin-token authentication, the reading of each request by its
 * route's schema before the handler, and the mapping of errors to `{ok:false, error, description}`
 * with a semantic status.
 */
import { bearerCheck } from '../http/bearer.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CONTROL_API, type RouteId, type RouteInput, type RouteSpec } from '../wire/control-schema/index.js';
import type { ControlHandler, WorkspaceManager } from './control-context.js';
import { ADMIN_TOKEN_REFUSED, answerControl, errorAnswer } from './control-answer.js';
import * as methods from './methods/index.js';
import type { Platform } from '../platform/assembly/platform.js';
import type { VirtualTime } from '../platform/core/virtual-time.js';
import type { RequestLog } from '../http/request-log.js';
import type { RequestSignals } from '../http/request-signals.js';

/**
 * The handler of every route of the schema, exported under the route's operation id from methods/:
 * a route without one, or of another input, does not compile.
 */
const HANDLERS: { [K in RouteId]: ControlHandler<RouteInput<K>> } = methods;

/** Bytes of JSON body a route takes, when more than Fastify's default 1 MiB. */
const BODY_LIMITS: Partial<Record<RouteId, number>> = {
  sendMedia: methods.SEND_MEDIA_BODY_LIMIT,
  addProfilePhoto: methods.PROFILE_PHOTO_BODY_LIMIT,
  sharePassportData: methods.PASSPORT_SHARE_BODY_LIMIT,
  importWorld: methods.WORLD_BODY_LIMIT,
};

export interface ControlRoute {
  id: RouteId;
  method: 'GET' | 'POST';
  /** Fastify's form of the schema's path, below `/control` (`/users/:ref`). */
  path: string;
  schema: RouteSpec;
  handler: ControlHandler;
  bodyLimit?: number;
}

/** Every route of the control API, in the schema's order. */
export const CONTROL_ROUTES: ControlRoute[] = (Object.keys(CONTROL_API) as RouteId[]).map((id) => {
  const schema: RouteSpec = CONTROL_API[id];
  const bodyLimit = BODY_LIMITS[id];
  return {
    id,
    method: schema.method,
    path: schema.path.replace(/\{(\w+)\}/g, ':$1'),
    schema,
    // Each handler reads the input of its own route, which readParams gives it.
    handler: HANDLERS[id] as ControlHandler,
    ...(bodyLimit ? { bodyLimit } : {}),
  };
});

function fail(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.code(status).send({ ok: false, error, description });
}

/** What the control API is served with, by its Fastify routes and by its fast lane (control-lane.ts). */
export interface ControlOptions {
  platform: Platform;
  time: VirtualTime;
  adminToken: string;
  /** Inside a workspace: the server's own admin token, accepted too (ADR 0061). */
  operatorToken?: string | undefined;
  /** The server's workspaces, in the default workspace's control API. */
  workspaces?: WorkspaceManager | undefined;
  signals: RequestSignals;
  requestLog: RequestLog;
}

export async function controlRoutes(
  app: FastifyInstance,
  { platform, time, adminToken, operatorToken, workspaces, signals, requestLog }: ControlOptions,
): Promise<void> {
  // The method of a control call is its route (`/users/:ref`): the path's own values stay out.
  const prefix = app.prefix;
  requestLog.hooks(app, 'control', (request) => request.routeOptions.url?.slice(prefix.length) || undefined);
  const isAdmin = bearerCheck(adminToken, operatorToken);
  app.addHook('onRequest', async (request, reply) => {
    if (!isAdmin(request.headers.authorization)) {
      return reply.code(ADMIN_TOKEN_REFUSED.status).send(ADMIN_TOKEN_REFUSED.json);
    }
  });
  // Fixed text: the path and query are not echoed (a token put in either would reach the answer).
  app.setNotFoundHandler((_request, reply) => fail(reply, 404, 'NOT_FOUND', 'no such route'));
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const answer = errorAnswer(error);
    if (answer.status >= 500) request.log.error({ err: error }, 'control API request failed');
    return reply.code(answer.status).send(answer.json);
  });

  for (const route of CONTROL_ROUTES) {
    app.route({
      method: route.method,
      url: route.path,
      ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
      handler: async (request, reply) => {
        // Answered as the fast lane answers (control-answer.ts, control-lane.ts); an error of no
        // known kind goes to the error handler above.
        const lazy = signals.for(reply.raw);
        try {
          const answer = await answerControl(
            route.schema,
            route.handler,
            route.method === 'GET' ? request.query : request.body,
            {
              platform,
              time,
              path: request.params as Record<string, string>,
              source: lazy,
              workspaces,
              origin: `${request.protocol}://${request.host}`,
            },
          );
          if (answer.binary) return reply.code(200).headers(answer.binary.headers).send(answer.binary.body);
          return reply.code(answer.status).send(answer.json);
        } finally {
          lazy.release();
        }
      },
    });
  }
}
