/**
 * The control API's fast lane (ADR 0005): `POST /control/messages` (a person sends a text message,
 * the first half of every bot test's round trip), `/control/wait` (the second half), `/control/users`
 * and `/control/bots` with a JSON body, answered from node:http directly,
 * without Fastify's routing, hooks and per-request objects. The lane does what the Fastify route's
 * plugin does for it (control-routes.ts), in the same order and with the same words: the admin
 * token's check before the body is read (http/bearer.ts), the body limit, Fastify's JSON reading
 * (json-body.ts), the answer by `answerControl` (control-answer.ts), the error handler's mapping, the
 * request's log line (http/request-log.ts) and `Connection: close` while stopping.
 *
 * It takes only what it answers exactly as Fastify would: the lane's routes' exact paths (a query
 * string allowed; a percent-escape or a trailing slash goes to Fastify) with a Content-Type of
 * `application/json`, alone or with `charset=utf-8`. Anything else goes to Fastify.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { RouteId } from '../testkit/control-schema/index.js';
import {
  ADMIN_TOKEN_REFUSED,
  answerControl,
  errorAnswer,
  type CallParts,
  type ControlAnswer,
} from './control-answer.js';
import { CONTROL_ROUTES, type ControlOptions, type ControlRoute } from './control-routes.js';
import { parseJsonBody } from './json-body.js';
import { bearerCheck } from '../http/bearer.js';
import { readBodyOrRefuse, writeJson, type Lane } from '../http/http-lane.js';
import { errorText, RequestLog } from '../http/request-log.js';

/**
 * The routes the lane answers: POST, a JSON answer, no path parameters. The hot one, and what a test's
 * world does in every test (ADR 0094: a workspace whose requests all take the lane never builds its
 * Fastify app); another route of that kind can join by its id (test/control-lane.test.ts compares
 * the two transports).
 */
const LANE_ROUTES: readonly RouteId[] = [
  'sendMessage',
  'createUser',
  'createBot',
  'waitForMessage',
  // A workspace per test (issue 28): created from the test's beforeEach.
  'createWorkspace',
];

/** Fastify's default body limit, which the server keeps (a route may set its own). */
const DEFAULT_BODY_LIMIT = 1 << 20;
/** Fastify's Content-Type for a JSON answer it serialised. */
const JSON_TYPE = 'application/json; charset=utf-8';
/** What Fastify answers as a body past the limit (FST_ERR_CTP_BODY_TOO_LARGE), in the API's words. */
const TOO_LARGE = {
  status: 413,
  body: JSON.stringify(errorAnswer({ statusCode: 413, message: 'Request body is too large' }).json),
  type: JSON_TYPE,
};
const CLOSE = { connection: 'close' };

/** The Content-Types that Fastify reads with its JSON parser and as UTF-8, and the lane reads alike. */
function isJsonType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const type = header.toLowerCase();
  return type === 'application/json' || /^application\/json\s*;\s*charset=(?:utf-8|"utf-8")$/.test(type);
}

export interface ControlLaneOptions extends ControlOptions {
  /** Where the control API is mounted (`/control`). */
  prefix: string;
  log: FastifyBaseLogger;
  stopping: AbortSignal;
}

export function controlLane(options: ControlLaneOptions): Lane {
  const { prefix, platform, time, workspaces, signals, log, stopping, requestLog } = options;
  const isAdmin = bearerCheck(options.adminToken, options.operatorToken);
  const routes = new Map<string, ControlRoute>();
  for (const route of CONTROL_ROUTES) {
    if (!LANE_ROUTES.includes(route.id)) continue;
    if (route.method !== 'POST' || route.path.includes(':')) {
      throw new Error(`the control lane cannot take ${route.id}: POST routes without path parameters only`);
    }
    routes.set(prefix + route.path, route);
  }

  /** Writes the answer as Fastify would, and the request's line (the method is the route's path). */
  const answer = (
    request: IncomingMessage,
    response: ServerResponse,
    route: ControlRoute,
    started: number,
    outcome: ControlAnswer,
    close = false,
  ) => {
    // The lane's routes answer JSON only (LANE_ROUTES).
    const body = JSON.stringify(outcome.json);
    writeJson(response, outcome.status, body, stopping, close ? CLOSE : undefined, JSON_TYPE);
    logLine(request, route, started, outcome.status, body);
  };

  const logLine = (
    request: IncomingMessage,
    route: ControlRoute,
    started: number,
    status: number,
    body: string,
  ) => {
    if (!requestLog.enabled) return;
    requestLog.write(
      'control',
      request.method,
      route.path,
      status,
      started,
      errorText(status, body, 'control'),
      request.url,
    );
  };

  const serve = async (request: IncomingMessage, response: ServerResponse, route: ControlRoute) => {
    const started = RequestLog.now();
    // As the plugin's onRequest hook: refused before the body is read (Node discards the body).
    if (!isAdmin(request.headers.authorization)) {
      answer(request, response, route, started, ADMIN_TOKEN_REFUSED);
      return;
    }
    // Past the limit the rest of the body is not read: the connection ends with the answer, as with
    // Fastify; a broken request is dropped.
    const body = await readBodyOrRefuse(
      request,
      response,
      route.bodyLimit ?? DEFAULT_BODY_LIMIT,
      TOO_LARGE,
      stopping,
    );
    if (body === undefined) {
      if (response.headersSent) logLine(request, route, started, TOO_LARGE.status, TOO_LARGE.body);
      return;
    }
    let raw: unknown;
    try {
      raw = parseJsonBody(body);
    } catch (error) {
      // Fastify closes the connection after a body it could not read.
      answer(request, response, route, started, errorAnswer(error as Error), true);
      return;
    }
    const source = signals.for(response);
    const parts: CallParts = {
      platform,
      time,
      path: {},
      source,
      workspaces,
      origin: `http://${String(request.headers.host)}`,
    };
    let outcome: ControlAnswer;
    try {
      outcome = await answerControl(route.schema, route.handler, raw, parts);
    } catch (error) {
      // As the plugin's error handler.
      outcome = errorAnswer(error as Error);
      if (outcome.status >= 500) log.error({ err: error }, 'control API request failed');
    } finally {
      source.release();
    }
    answer(request, response, route, started, outcome);
  };

  return {
    take(request, response) {
      const { url } = request;
      if (request.method !== 'POST' || url === undefined || !url.startsWith(prefix)) return false;
      const q = url.indexOf('?');
      const route = routes.get(q < 0 ? url : url.slice(0, q));
      if (route === undefined || !isJsonType(request.headers['content-type'])) return false;
      void serve(request, response, route);
      return true;
    },
  };
}
