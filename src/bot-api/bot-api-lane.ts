/**
 * The Bot API's fast lane (ADR 0005): `GET`/`POST /bot<token>/<method>` with a query, urlencoded or
 * JSON body, answered from node:http directly. Multipart uploads and other verbs go to the Fastify
 * route; both answer through `answerCall`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { answerCall, BODY_LIMIT } from './bot-api-routes.js';
import { BotApiError } from './errors.js';
import { errorEnvelope, type Envelope } from './call-method.js';
import { Params } from './params.js';
import { addBody, addUrlEncoded } from './request-params.js';
import type { Platform } from '../platform/platform.js';
import { decodedPath, readBodyOrRefuse, writeBare, writeJson, type Lane } from '../http/http-lane.js';
import type { RequestSignals } from '../http/request-signals.js';

const TOO_LARGE = errorEnvelope(new BotApiError(413, 'Request Entity Too Large'));

export function botApiLane(
  platform: Platform,
  signals: RequestSignals,
  log: FastifyBaseLogger,
  stopping: AbortSignal,
): Lane {
  const write = (response: ServerResponse, envelope: Envelope) =>
    writeJson(
      response,
      envelope.status,
      envelope.body,
      stopping,
      envelope.retryAfter !== undefined ? { 'retry-after': String(envelope.retryAfter) } : undefined,
    );

  const serve = async (request: IncomingMessage, response: ServerResponse, rest: string) => {
    const body = await readBodyOrRefuse(request, response, BODY_LIMIT, TOO_LARGE, stopping);
    if (body === undefined) return;
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
    try {
      write(response, await answerCall(platform, signals, rest, readParameters, response, log));
    } catch (error) {
      // As the Fastify route's error handler: a bare status line, and the failure in the log.
      log.error({ err: error }, 'Bot API request failed');
      writeBare(response, 500);
    }
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
      void serve(request, response, path.slice('/bot'.length));
      return true;
    },
  };
}
