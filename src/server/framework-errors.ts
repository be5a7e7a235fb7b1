/**
 * What no route of a surface answers, in the format of the surface the URL names, never Fastify's
 * own bodies (which echo the method, path and query: `Route PROPFIND:/bot<token>/getMe not found`,
 * written to the log at debug too).
 *
 * Not found: the surfaces with a prefix answer their own (the gateway's UNKNOWN_METHOD, the control
 * and person APIs' NOT_FOUND); what reaches the server's root is the Bot API's host, as the
 * reference's is: a verb other than GET and POST on `/bot...` is its 501 with an empty body (the
 * verbs Fastify does not route, such as PROPFIND, end up here), and any other path its 404 "Not
 * Found" (reference §1.1: a path that does not start with `/bot`, or `/file/bot...`).
 *
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

export function notFoundAnswer(request: FastifyRequest, reply: FastifyReply): void {
  const url = request.raw.url ?? '';
  if (url.startsWith('/bot') && request.method !== 'GET' && request.method !== 'POST') {
    void reply.code(501).header('connection', 'close').send('');
  } else {
    void send(reply, errorEnvelope(NOT_FOUND));
  }
}

/** The description of each framework error, in words that do not repeat the request. */
const FIXED_TEXTS: Readonly<Record<string, string>> = {
  FST_ERR_BAD_URL: 'malformed URL',
  FST_ERR_MAX_PARAM_LENGTH: 'a path segment is too long',
};

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
      // Fastify's messages quote the path ("'/control/...' is exceeding the max param length").
      const description = FIXED_TEXTS[error.code] ?? 'bad request';
      void reply
        .code(status >= 400 && status < 500 ? status : 400)
        .type('application/json')
        .send(JSON.stringify({ ok: false, error: 'BAD_REQUEST', description }));
    }
  };
}
