/**
 * Errors Fastify raises before any route runs (a path with a malformed percent escape, or one that
 * decodes to bytes that are not UTF-8: FST_ERR_BAD_URL) are answered in the format of the surface
 * the URL names, not with Fastify's own body: the Bot API's 404 "Not Found" (the reference's answer
 * to a path it cannot route), the gateway's UNKNOWN_METHOD, the control API's BAD_REQUEST. The fast
 * lanes decline such paths (http/http-lane.ts decodedPath), so this is the one place they end up.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelope } from '../bot-api/call-method.js';
import { send } from '../bot-api/bot-api-routes.js';
import { NOT_FOUND } from '../bot-api/errors.js';
import { answerFor } from '../gateway/errors.js';
import { failure } from '../gateway/gateway-routes.js';

export interface FrameworkErrorOptions {
  gatewayBase: string;
  always200: boolean;
}

export function frameworkErrorAnswer({ gatewayBase, always200 }: FrameworkErrorOptions) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const url = request.raw.url ?? '';
    const status = error.statusCode ?? 400;
    reply.header('connection', 'close');
    if (url.startsWith('/bot') || url.startsWith('/file/bot')) {
      void send(reply, errorEnvelope(NOT_FOUND));
    } else if (url === gatewayBase || url.startsWith(`${gatewayBase}/`)) {
      const answer = failure(always200, answerFor('UNKNOWN_METHOD'));
      void reply.code(answer.status).type('application/json').send(answer.body);
    } else {
      const description = error.code === 'FST_ERR_BAD_URL' ? 'malformed URL' : error.message;
      void reply
        .code(status >= 400 && status < 500 ? status : 400)
        .type('application/json')
        .send(JSON.stringify({ ok: false, error: 'BAD_REQUEST', description }));
    }
  };
}
