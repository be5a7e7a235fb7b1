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
import type { RouteId } from '../wire/control-schema/index.js';
import {
  ADMIN_TOKEN_REFUSED,
  answerControl,
  answerText,
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
  // A workspace per test (issue 28): created, reset and deleted around each test.
  'createWorkspace',
  'resetWorkspace',
  'deleteWorkspace',
];

/**
 * A path parameter the lane reads as it stands: unreserved characters only, so that it needs no
 * decoding (a workspace's name is always such); any other value goes to Fastify.
 */
const PLAIN_PARAM = /^[A-Za-z0-9._~-]+$/;

/** A route with path parameters (`/workspaces/:name/reset`) as its fixed segments and its names. */
interface Pattern {
  segments: string[];
  params: Map<number, string>;
  route: ControlRoute;
}

function patternOf(route: ControlRoute, prefix: string): Pattern {
  const segments = (prefix + route.path).split('/');
  const params = new Map<number, string>();
  segments.forEach((segment, i) => {
    if (segment.startsWith(':')) params.set(i, segment.slice(1));
  });
  return { segments, params, route };
}

/** The route and path values of `path` among `patterns`, if one matches it exactly. */
function matchPattern(
  patterns: Pattern[],
  path: string,
): { route: ControlRoute; values: Record<string, string> } | undefined {
  const segments = path.split('/');
  for (const { segments: expected, params, route } of patterns) {
    if (expected.length !== segments.length) continue;
    const values: Record<string, string> = {};
    let matched = true;
    for (let i = 0; i < expected.length && matched; i++) {
      const name = params.get(i);
      if (name === undefined) matched = segments[i] === expected[i];
      else if (PLAIN_PARAM.test(segments[i]!)) values[name] = segments[i]!;
      else matched = false;
    }
    if (matched) return { route, values };
  }
  return undefined;
}

/**
 * Whether a request has no body at all (no Content-Type, no length or a length of 0, no chunks):
 * Fastify hands such a POST to its route with no body, and so does the lane.
 */
function hasNoBody(request: IncomingMessage): boolean {
  const { headers } = request;
  return (
    headers['content-type'] === undefined &&
    headers['transfer-encoding'] === undefined &&
    (headers['content-length'] === undefined || headers['content-length'] === '0')
  );
}

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
const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;

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

/** The lane's routes under `prefix`, read only: worked out once per prefix (issue 28), not per server. */
const TABLES = new Map<string, { routes: Map<string, ControlRoute>; patterns: Pattern[] }>();

function laneTable(prefix: string): { routes: Map<string, ControlRoute>; patterns: Pattern[] } {
  let table = TABLES.get(prefix);
  if (table !== undefined) return table;
  table = { routes: new Map(), patterns: [] };
  for (const route of CONTROL_ROUTES) {
    if (!LANE_ROUTES.includes(route.id)) continue;
    if (route.method !== 'POST')
      throw new Error(`the control lane cannot take ${route.id}: POST routes only`);
    if (route.path.includes(':')) table.patterns.push(patternOf(route, prefix));
    else table.routes.set(prefix + route.path, route);
  }
  TABLES.set(prefix, table);
  return table;
}

export function controlLane(options: ControlLaneOptions): Lane {
  const { prefix, platform, time, workspaces, signals, log, stopping, requestLog } = options;
  const isAdmin = bearerCheck(options.adminToken, options.operatorToken);
  const { routes, patterns } = laneTable(prefix);

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
    const body = answerText(outcome as ControlAnswer & { json: object });
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

  const serve = async (
    request: IncomingMessage,
    response: ServerResponse,
    route: ControlRoute,
    path: Record<string, string>,
    bodyless: boolean,
  ) => {
    const started = RequestLog.now();
    // As the plugin's onRequest hook: refused before the body is read (Node discards the body).
    if (!isAdmin(request.headers.authorization)) {
      answer(request, response, route, started, ADMIN_TOKEN_REFUSED);
      return;
    }
    // Past the limit the rest of the body is not read: the connection ends with the answer, as with
    // Fastify; a broken request is dropped. A request without a body is the route's without one.
    const body = bodyless
      ? undefined
      : await readBodyOrRefuse(request, response, route.bodyLimit ?? DEFAULT_BODY_LIMIT, TOO_LARGE, stopping);
    if (body === undefined && !bodyless) {
      if (response.headersSent) logLine(request, route, started, TOO_LARGE.status, TOO_LARGE.body);
      return;
    }
    let raw: unknown;
    try {
      raw = body === undefined ? undefined : parseJsonBody(body);
    } catch (error) {
      // Fastify closes the connection after a body it could not read.
      answer(request, response, route, started, errorAnswer(error as Error), true);
      return;
    }
    const source = signals.for(response);
    const parts: CallParts = {
      platform,
      time,
      path,
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
      const path = q < 0 ? url : url.slice(0, q);
      const found = routes.get(path) ?? (patterns.length === 0 ? undefined : matchPattern(patterns, path));
      if (found === undefined) return false;
      const bodyless = hasNoBody(request);
      if (!bodyless && !isJsonType(request.headers['content-type'])) return false;
      if ('values' in found) void serve(request, response, found.route, found.values, bodyless);
      else void serve(request, response, found, NO_PARAMS, bodyless);
      return true;
    },
  };
}
