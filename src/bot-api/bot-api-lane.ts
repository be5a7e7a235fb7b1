/**
 * The Bot API's fast lane (ADR 0005): `GET`/`POST /bot<token>/<method>` with a query, urlencoded or
 * JSON body, answered from node:http directly. Multipart uploads and other verbs go to the Fastify
 * route; both answer through `answerCall`, and both write the request's log line (http/request-log.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { answerCall, BODY_LIMIT, methodForLog } from './bot-api-routes.js';
import { botApiError } from './errors.js';
import { errorEnvelope, type Envelope } from './call-method.js';
import { Params } from './params.js';
import { addBody, addUrlEncoded } from './request-params.js';
import type { Platform } from '../platform/assembly/platform.js';
import { decodedPath, readBodyOrRefuse, writeBare, writeJson, type Lane } from '../http/http-lane.js';
import { errorText, RequestLog } from '../http/request-log.js';
import type { RequestSignals } from '../http/request-signals.js';

const TOO_LARGE = errorEnvelope(botApiError('REQUEST_ENTITY_TOO_LARGE'));
/** What a failed request was answered with, for its log line. */
const BARE_500: Envelope = { status: 500, body: '' };

export function botApiLane(
  platform: Platform,
  signals: RequestSignals,
  log: FastifyBaseLogger,
  stopping: AbortSignal,
  requestLog: RequestLog,
): Lane {
  const write = (response: ServerResponse, envelope: Envelope) =>
    writeJson(
      response,
      envelope.status,
      envelope.body,
      stopping,
      envelope.retryAfter !== undefined ? { 'retry-after': String(envelope.retryAfter) } : undefined,
    );

  /** The request's line, once its answer is written (none for a request that was dropped). */
  const logLine = (request: IncomingMessage, rest: string, started: number, status: number, body: string) => {
    if (!requestLog.enabled) return;
    requestLog.write(
      'bot-api',
      request.method,
      methodForLog(rest),
      status,
      started,
      errorText(status, body),
      request.url,
    );
  };

  const serve = async (request: IncomingMessage, response: ServerResponse, rest: string, started: number) => {
    const body = await readBodyOrRefuse(request, response, BODY_LIMIT, TOO_LARGE, stopping);
    if (body === undefined) {
      if (response.headersSent) logLine(request, rest, started, TOO_LARGE.status, TOO_LARGE.body);
      return;
    }
    const url = request.url!;
    const contentType = request.headers['content-type'] ?? '';
    const readParameters = () => {
      const params = new Params();
      const q = url.indexOf('?');
      if (q >= 0) addUrlEncoded(params, url.slice(q + 1));
      // As Fastify: a GET's body is not read.
      if (body.length > 0 && request.method === 'POST') addBody(params, contentType, body.toString('utf8'));
      return params;
    };
    let envelope: Envelope;
    try {
      envelope = await answerCall(platform, signals, rest, readParameters, response, log);
      // A fault that dropped the connection: no answer, no request line (the fault has its own).
      if (envelope.drop) return;
      write(response, envelope);
    } catch (error) {
      // As the Fastify route's error handler: a bare status line, and the failure in the log.
      log.error({ err: error }, 'Bot API request failed');
      writeBare(response, 500);
      envelope = BARE_500;
    }
    logLine(request, rest, started, envelope.status, envelope.body);
  };

  return {
    take(request, response) {
      const { method, url } = request;
      if ((method !== 'POST' && method !== 'GET') || url === undefined || !url.startsWith('/bot')) {
        return false;
      }
      if (request.headers['content-type']?.toLowerCase().includes('multipart')) return false;
      const path = decodedPath(url);
      if (path === undefined) return false;
      void serve(request, response, path.slice('/bot'.length), RequestLog.now());
      return true;
    },
  };
}
