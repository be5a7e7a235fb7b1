/**
 * The Bot API's HTTP surface: `/bot<token>/<method>` with GET and POST (reference §1.1-1.2).
 * Transport only: read the parameters, authenticate, call the method table, write the envelope.
 */
import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticateToken, callMethod, errorEnvelope, type Envelope } from './call-method.js';
import { BotApiError, NOT_FOUND, botApiError } from './errors.js';
import { botApiFault } from './fault-answer.js';
import type { Params } from './params.js';
import { bodyKind, readParams } from './request-params.js';
import { METHOD_TABLE } from './methods/index.js';
import { NOT_SUPPORTED_METHODS } from './methods/not-supported.js';
import type { Platform } from '../platform/assembly/platform.js';
import type { RequestLog } from '../http/request-log.js';
import type { RequestSignals } from '../http/request-signals.js';

/** Non-file parameters may take 1 MiB (reference §1.3); uploads up to 50 MB (the platform's limit). */
export const BODY_LIMIT = 1 << 20;
const MAX_UPLOAD = 50 * 1024 * 1024;

export function send(reply: FastifyReply, envelope: Envelope): FastifyReply {
  reply.code(envelope.status).header('content-type', 'application/json');
  if (envelope.retryAfter !== undefined) reply.header('retry-after', String(envelope.retryAfter));
  return reply.send(envelope.body);
}

/**
 * One call: `rest` is the path after `/bot` (`<token>/<method>`). Shared by the Fastify route and
 * the fast lane (bot-api-lane.ts), which differ only in how they read the body and write the answer.
 * The token is checked before the parameters are read, as the reference does.
 */
export async function answerCall(
  platform: Platform,
  signals: RequestSignals,
  rest: string,
  readParameters: () => Promise<Params> | Params,
  response: ServerResponse,
  log: FastifyBaseLogger,
): Promise<Envelope> {
  const slash = rest.indexOf('/');
  if (slash < 0) return errorEnvelope(NOT_FOUND);
  const token = rest.slice(0, slash);
  let method = rest.slice(slash + 1);
  // The test environment (`/bot<token>/test/<method>`) is this same platform.
  if (method.startsWith('test/')) method = method.slice('test/'.length);

  const auth = await authenticateToken(platform, token);
  if (typeof auth !== 'number') return auth;
  let params: Params;
  try {
    params = await readParameters();
  } catch (error) {
    // A body that cannot be read (malformed multipart, JSON nested too deeply) is refused in the
    // envelope, the same from both transports.
    if (error instanceof BotApiError) return errorEnvelope(error);
    throw error;
  }
  if (method === '') method = params.string('method') ?? '';
  // Faults on demand (ADR 0058): one Map lookup when the bot has no rule.
  const faults = platform.faults.forBot(auth);
  if (faults !== undefined) {
    const faulted = await botApiFault(platform, auth, faults, method, response, log);
    if (faulted !== undefined) return faulted; // recorded on the timeline where it fired (ADR 0099)
  }

  const lazy = signals.for(response);
  try {
    return await callMethod(platform, auth, method, params, { signal: lazy, fromWebhookReply: false, log });
  } finally {
    lazy.release();
  }
}

/**
 * The method of `rest` (`<token>/<method>`) for the request's log line: a name of the Bot API's
 * (implemented or not), else undefined, so that no other path segment, which might be a token put in
 * the wrong place, is logged.
 */
export function methodForLog(rest: string): string | undefined {
  const slash = rest.indexOf('/');
  if (slash < 0) return undefined;
  let method = rest.slice(slash + 1);
  if (method.startsWith('test/')) method = method.slice('test/'.length);
  const lower = method.toLowerCase();
  return METHOD_TABLE.has(lower) || NOT_SUPPORTED_METHODS.has(lower) ? method : undefined;
}

export async function botApiRoutes(
  app: FastifyInstance,
  { platform, signals, requestLog }: { platform: Platform; signals: RequestSignals; requestLog: RequestLog },
): Promise<void> {
  // Uploads and what the fast lane leaves are logged here, with the lane's line.
  requestLog.hooks(app, 'bot-api', (request) =>
    methodForLog((request.params as { '*'?: string })['*'] ?? ''),
  );
  // This plugin reads bodies itself, the reference's way, so Fastify's own parsers are replaced.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  // Uploads are streamed to temporary files of the files folder, never held whole (ADR 0063).
  const spool = (source: Readable) => platform.files.spool(source);
  // Loaded with the app (this file is loaded eagerly by the lane for answerCall; issue 28).
  const multipart = (await import('@fastify/multipart')).default;
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD, files: 50, fieldSize: BODY_LIMIT, parts: 1000 },
  });

  // Fastify picks a parser by the Content-Type's media type and refuses (415) a header it cannot
  // parse (`application/json, text/plain`, `;`, an empty one), where the reference and the fast
  // lane look for substrings and read on. So the header is read here the reference's way, before
  // Fastify's parsing: a multipart body gets a Content-Type @fastify/multipart reads with the
  // reference's boundary; any other is read as bytes, and `readParams` is given its own type.
  const contentTypes = new WeakMap<FastifyRequest, string>();
  app.addHook('onRequest', (request, reply, done) => {
    const contentType = request.headers['content-type'];
    // A GET's body is not read (as in the lane); other verbs answer 501 whatever they carry.
    if (contentType === undefined || request.method === 'GET') return done();
    const kind = request.method === 'POST' ? bodyKind(contentType) : 'other';
    if (kind instanceof BotApiError) {
      // Refused before the body is read, as the reference does; the body is left unread.
      send(reply.header('connection', 'close'), errorEnvelope(kind));
      return;
    }
    contentTypes.set(request, contentType);
    request.headers['content-type'] = kind === 'other' ? 'application/octet-stream' : kind.multipart;
    done();
  });

  app.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
    // HTTP-level failures answer with a bare status line, as the reference does (reference §1.2).
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'Bot API request failed');
    if (error.code === 'FST_REQ_FILE_TOO_LARGE' || status === 413) {
      return send(reply, errorEnvelope(botApiError('REQUEST_ENTITY_TOO_LARGE')));
    }
    return reply.code(status).header('connection', 'close').send('');
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/bot*',
    handler: async (request, reply) => {
      const rest = (request.params as { '*': string })['*'];
      let params: Params | undefined;
      const readParameters = async () => {
        try {
          params = await readParams(request, contentTypes.get(request) ?? '', spool);
          return params;
        } catch (error) {
          // The rest of a body the parser gave up on is not read: the connection ends with the answer.
          reply.header('connection', 'close');
          throw error;
        }
      };
      let envelope: Envelope;
      try {
        envelope = await answerCall(platform, signals, rest, readParameters, reply.raw, request.log);
      } finally {
        // Done, refused or failed: what the call stored is linked to its place, and the temporary
        // files are gone before the answer is (ADR 0063).
        await params?.discardFiles();
      }
      if (envelope.drop) return reply.hijack();
      return send(reply, envelope);
    },
  });

  // Verbs other than GET and POST: 501 with an empty body (reference §1.2).
  app.route({
    method: ['PUT', 'DELETE', 'PATCH', 'OPTIONS'],
    url: '/bot*',
    handler: async (_request, reply) => reply.code(501).header('connection', 'close').send(''),
  });
}
