/**
 * The gateway's fast lane (ADR 0005): `GET`/`POST <base>/<method>` answered from node:http directly.
 * Anything else under the base (other verbs, deeper paths) goes to the Fastify routes; both answer
 * through `answerGatewayCall`, and both write the request's log line (http/request-log.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { answerFor } from './errors.js';
import {
  answerGatewayCall,
  BODY_LIMIT,
  failure,
  methodForLog,
  type GatewayAnswer,
} from './gateway-routes.js';
import type { Platform } from '../platform/assembly/platform.js';
import { decodedPath, readBodyOrRefuse, writeJson, type Lane } from '../http/http-lane.js';
import { errorText, RequestLog } from '../http/request-log.js';

export function gatewayLane(
  platform: Platform,
  options: {
    base: string;
    always200: boolean;
    log: FastifyBaseLogger;
    stopping: AbortSignal;
    requestLog: RequestLog;
  },
): Lane {
  const { always200, log, stopping, requestLog } = options;
  const base = options.base.replace(/\/+$/, '');

  /** The request's line, once its answer is written (none for a request that was dropped). */
  const logLine = (request: IncomingMessage, name: string, started: number, answer: GatewayAnswer) => {
    if (!requestLog.enabled) return;
    requestLog.write(
      'gateway',
      request.method,
      methodForLog(name),
      answer.status,
      started,
      errorText(answer.status, answer.body),
      request.url,
    );
  };

  // Made once: a request too large to read gets this answer.
  const refusal = failure(always200, answerFor('REQUEST_TOO_LARGE'));

  const serve = async (request: IncomingMessage, response: ServerResponse, name: string, started: number) => {
    const body = await readBodyOrRefuse(request, response, BODY_LIMIT, refusal, stopping);
    if (body === undefined) {
      if (response.headersSent) logLine(request, name, started, refusal);
      return;
    }
    let answer;
    try {
      answer = await answerGatewayCall(platform, always200, {
        name,
        url: request.url!,
        contentType: request.headers['content-type'],
        authorization: request.headers.authorization,
        // As Fastify: a GET's body is not read.
        body: request.method === 'POST' ? body : undefined,
        log,
      });
    } catch (error) {
      log.error({ err: error }, 'gateway request failed');
      answer = failure(always200, answerFor('INTERNAL_ERROR'));
    }
    // A fault that dropped the connection: no answer, no request line (the fault has its own).
    if (answer.drop) {
      response.destroy();
      return;
    }
    const extra = answer.retryAfter !== undefined ? { 'retry-after': String(answer.retryAfter) } : undefined;
    writeJson(response, answer.status, answer.body, stopping, extra);
    logLine(request, name, started, answer);
  };

  return {
    take(request, response) {
      const { method, url } = request;
      if ((method !== 'POST' && method !== 'GET') || url === undefined || !url.startsWith(base)) {
        return false;
      }
      const path = decodedPath(url);
      if (path === undefined || !path.startsWith(base)) return false;
      const rest = path.slice(base.length);
      let name: string;
      if (rest === '' || rest === '/') name = '';
      else if (rest[0] === '/' && !rest.includes('/', 1)) name = rest.slice(1);
      else return false;
      void serve(request, response, name, RequestLog.now());
      return true;
    },
  };
}
