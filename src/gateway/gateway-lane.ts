/**
 * The gateway's fast lane (ADR 0005): `GET`/`POST <base>/<method>` answered from node:http directly.
 * Anything else under the base (other verbs, deeper paths) goes to the Fastify routes; both answer
 * through `answerGatewayCall`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { answerFor } from './errors.js';
import { answerGatewayCall, BODY_LIMIT, failure } from './gateway-routes.js';
import type { Platform } from '../platform/platform.js';
import { decodedPath, readBodyOrRefuse, writeJson, type Lane } from '../http/http-lane.js';

export function gatewayLane(
  platform: Platform,
  options: { base: string; always200: boolean; log: FastifyBaseLogger; stopping: AbortSignal },
): Lane {
  const { always200, log, stopping } = options;
  const base = options.base.replace(/\/+$/, '');

  const serve = async (request: IncomingMessage, response: ServerResponse, name: string) => {
    const refusal = failure(always200, answerFor('REQUEST_TOO_LARGE'));
    const body = await readBodyOrRefuse(request, response, BODY_LIMIT, refusal, stopping);
    if (body === undefined) return;
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
    writeJson(response, answer.status, answer.body, stopping);
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
      void serve(request, response, name);
      return true;
    },
  };
}
