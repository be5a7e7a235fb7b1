/**
 * The gateway's HTTP surface: `<base>/<method>` with GET and POST (spec §4 common rules). Transport
 * only: read the parameters, authenticate (spec §5), find the method in the table, call the platform
 * and write the envelope `{ok, result}` / `{ok:false, error}` with the catalogue's HTTP status, or
 * 200 for everything with the always-200 option.
 *
 * Order of checks (reference §4.1): token, then method, then the method's own parameter rules.
 */
import type { GatewayAnswer } from './gateway-answer.js';
import { gatewayEvent } from '../platform/timeline/timeline-events.js';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerFor, toErrorAnswer, type ErrorAnswer } from './errors.js';
import { findMethod } from './methods/index.js';
import { gatewayFault } from './fault-answer.js';
import { readGatewayParams } from './params.js';
import { isAbsent } from '../platform/gateway/params.js';
import type { Platform } from '../platform/assembly/platform.js';
import { redactUrl, type RequestLog } from '../http/request-log.js';
import type { GatewayAccountRow } from '../storage/gateway-store.js';

/** Gateway parameters are short; 64 KiB is far more than any valid request needs. */
export const BODY_LIMIT = 64 * 1024;
/** Far longer than any token Parley issues; longer ones are not worth hashing. */
const MAX_TOKEN_LENGTH = 256;

export interface GatewayRoutesOptions {
  platform: Platform;
  /** Answer HTTP 200 for errors too (the reference's clients that only read `ok`). */
  always200: boolean;
  requestLog: RequestLog;
}

/** The method `name` for the request's log line: one of the table's, else undefined. */
export function methodForLog(name: string): string | undefined {
  return findMethod(name) ? name : undefined;
}

/**
 * Query strings carry codes and tokens: a request line logged at debug level shows only the path,
 * redacted as every line's (a bot token put where the method goes). (Tokens in the Authorization
 * header are redacted by the logger itself.)
 */
const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
  }),
};

export async function gatewayRoutes(
  app: FastifyInstance,
  { platform, always200, requestLog }: GatewayRoutesOptions,
) {
  // What the fast lane leaves (other verbs, deeper paths) is logged here, with the lane's line.
  requestLog.hooks(app, 'gateway', (request) =>
    methodForLog((request.params as { method?: string } | undefined)?.method ?? ''),
  );
  // Bodies are read here, by the gateway's own rules; Fastify's parsers are replaced in this scope.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  // Fastify refuses (415) a Content-Type it cannot parse (`application/json, text/plain`, `;`, an
  // empty one) before any parser runs, where the fast lane reads the body and looks for substrings.
  // So Fastify is shown one it reads as bytes, and the handler is given the request's own.
  const contentTypes = new WeakMap<FastifyRequest, string>();
  app.addHook('onRequest', (request, _reply, done) => {
    const contentType = request.headers['content-type'];
    if (contentType !== undefined) {
      contentTypes.set(request, contentType);
      request.headers['content-type'] = 'application/octet-stream';
    }
    done();
  });

  const fail = (reply: FastifyReply, answer: ErrorAnswer) => {
    const { status, body } = failure(always200, answer);
    return reply.code(status).header('content-type', 'application/json').send(body);
  };

  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    if (error.statusCode === 413) return fail(reply, answerFor('REQUEST_TOO_LARGE'));
    request.log.error({ err: error }, 'gateway request failed');
    return fail(reply, answerFor('INTERNAL_ERROR'));
  });
  // Other verbs, and paths below a method: no such method.
  app.setNotFoundHandler((_request, reply) => fail(reply, answerFor('UNKNOWN_METHOD')));

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, retryAfter, drop } = await answerGatewayCall(platform, always200, {
      name: (request.params as { method?: string }).method ?? '',
      url: request.url,
      contentType: contentTypes.get(request),
      authorization: request.headers.authorization,
      body: request.body,
      log: request.log,
    });
    if (drop) {
      reply.raw.destroy();
      return reply.hijack();
    }
    if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
    return reply.code(status).header('content-type', 'application/json').send(body);
  };
  app.route({ method: ['GET', 'POST'], url: '/', handler, logSerializers });
  app.route({ method: ['GET', 'POST'], url: '/:method', handler, logSerializers });
}

export type { GatewayAnswer } from './gateway-answer.js';

export function failure(always200: boolean, answer: ErrorAnswer): GatewayAnswer {
  return { status: always200 ? 200 : answer.status, body: JSON.stringify({ ok: false, error: answer.code }) };
}

/**
 * One call of method `name`. Shared by the Fastify route and the fast lane (gateway-lane.ts), which
 * differ only in how they read the body and write the answer.
 */
export async function answerGatewayCall(
  platform: Platform,
  always200: boolean,
  call: {
    name: string;
    url: string;
    contentType: string | undefined;
    authorization: string | undefined;
    body: unknown;
    log: FastifyBaseLogger;
  },
): Promise<GatewayAnswer> {
  const params = readGatewayParams(call.url, call.contentType, call.body);
  const account = await authenticate(platform, call.authorization, params.get('access_token'));
  if (!('id' in account)) return failure(always200, account);
  const method = findMethod(call.name);
  if (!method) return failure(always200, answerFor('UNKNOWN_METHOD'));
  // Faults on demand (ADR 0058): one Map lookup when the account has no rule.
  const faults = platform.faults.forGateway(account.id);
  if (faults !== undefined) {
    const faulted = await gatewayFault(platform, account.id, faults, call.name, always200, call.log);
    if (faulted !== undefined) return faulted;
  }
  const started = performance.now();
  let answer: GatewayAnswer;
  try {
    const result = await method({ platform, account, params });
    answer = { status: 200, body: JSON.stringify({ ok: true, result }) };
  } catch (error) {
    const refused = toErrorAnswer(error);
    if (!refused) call.log.error({ err: error, method: call.name }, 'gateway method failed');
    answer = failure(always200, refused ?? answerFor('INTERNAL_ERROR'));
  }
  // The timeline (ADR 0099): the request and its answer, the code and the token redacted.
  const { timeline } = platform;
  if (timeline.enabled)
    timeline.record(
      gatewayEvent({
        at: timeline.now(),
        method: call.name,
        params: params.record(),
        status: answer.status,
        body: answer.body,
        durationMs: performance.now() - started,
      }),
    );
  return answer;
}

/** Spec §5: exactly one of `Authorization: Bearer <token>` and `access_token`. */
async function authenticate(
  platform: Platform,
  header: string | undefined,
  param: unknown,
): Promise<GatewayAccountRow | ErrorAnswer> {
  const hasHeader = header !== undefined && header !== '';
  const hasParam = !isAbsent(param);
  if (!hasHeader && !hasParam) return answerFor('ACCESS_TOKEN_REQUIRED');
  if (hasHeader && hasParam) return answerFor('ACCESS_TOKEN_INVALID');
  const token = hasHeader
    ? /^Bearer +(\S+) *$/i.exec(header)?.[1]
    : typeof param === 'string'
      ? param
      : undefined;
  if (token === undefined || token.length > MAX_TOKEN_LENGTH) return answerFor('ACCESS_TOKEN_INVALID');
  return (await platform.gateway.accounts.authenticate(token)) ?? answerFor('ACCESS_TOKEN_INVALID');
}
