/**
 * The control API (docs/control-api.md): every route in one table, admin-token authentication, and
 * the mapping of platform errors to `{ok:false, error, description}` with a semantic status.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ControlError, type ControlHandler } from './control-context.js';
import { advanceClock } from './methods/advance-clock.js';
import { createBot } from './methods/create-bot.js';
import { createUser } from './methods/create-user.js';
import { getBot } from './methods/get-bot.js';
import { getClock } from './methods/get-clock.js';
import { getUser } from './methods/get-user.js';
import { listMessages } from './methods/list-messages.js';
import { sendMessage } from './methods/send-message.js';
import { waitMessage } from './methods/wait-message.js';
import { pressButton } from './methods/press-button.js';
import { editMessage } from './methods/edit-message.js';
import { deleteMessage } from './methods/delete-message.js';
import { PlatformError, type PlatformErrorCode } from '../platform/errors.js';
import type { Platform } from '../platform/platform.js';
import type { VirtualTime } from '../platform/virtual-time.js';

export const CONTROL_ROUTES: Array<{ method: 'GET' | 'POST'; path: string; handler: ControlHandler }> = [
  { method: 'POST', path: '/users', handler: createUser },
  { method: 'GET', path: '/users/:ref', handler: getUser },
  { method: 'POST', path: '/bots', handler: createBot },
  { method: 'GET', path: '/bots/:ref', handler: getBot },
  { method: 'POST', path: '/messages', handler: sendMessage },
  { method: 'GET', path: '/messages', handler: listMessages },
  { method: 'POST', path: '/wait', handler: waitMessage },
  { method: 'POST', path: '/press', handler: pressButton },
  { method: 'POST', path: '/messages/edit', handler: editMessage },
  { method: 'POST', path: '/messages/delete', handler: deleteMessage },
  { method: 'POST', path: '/clock/advance', handler: advanceClock },
  { method: 'GET', path: '/clock', handler: getClock },
];

const STATUS: Record<PlatformErrorCode, [number, string]> = {
  USER_NOT_FOUND: [404, 'USER_NOT_FOUND'],
  BOT_NOT_FOUND: [404, 'BOT_NOT_FOUND'],
  CHAT_NOT_FOUND: [404, 'CHAT_NOT_FOUND'],
  PRIVATE_CHAT_NOT_FOUND: [404, 'CHAT_NOT_FOUND'],
  PHONE_NUMBER_INVALID: [400, 'PHONE_NUMBER_INVALID'],
  PHONE_NUMBER_OCCUPIED: [409, 'PHONE_NUMBER_OCCUPIED'],
  USERNAME_INVALID: [400, 'USERNAME_INVALID'],
  USERNAME_OCCUPIED: [409, 'USERNAME_OCCUPIED'],
  NAME_INVALID: [400, 'BAD_REQUEST'],
  MESSAGE_TEXT_EMPTY: [400, 'MESSAGE_TEXT_INVALID'],
  MESSAGE_TOO_LONG: [400, 'MESSAGE_TEXT_INVALID'],
  REPLY_MESSAGE_NOT_FOUND: [400, 'BAD_REQUEST'],
  BOT_BLOCKED: [403, 'BOT_BLOCKED'],
  CHAT_WRITE_FORBIDDEN: [403, 'CHAT_WRITE_FORBIDDEN'],
  CLOCK_CONTROL_DISABLED: [403, 'CLOCK_CONTROL_DISABLED'],
  MESSAGE_NOT_FOUND: [404, 'MESSAGE_NOT_FOUND'],
  MESSAGE_NOT_MODIFIED: [400, 'MESSAGE_NOT_MODIFIED'],
  BUTTON_NOT_FOUND: [404, 'BUTTON_NOT_FOUND'],
  QUERY_INVALID: [400, 'BAD_REQUEST'],
  BAD_REQUEST: [400, 'BAD_REQUEST'],
};

function fail(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.code(status).send({ ok: false, error, description });
}

export async function controlRoutes(
  app: FastifyInstance,
  {
    platform,
    time,
    adminToken,
    shutdown,
  }: { platform: Platform; time: VirtualTime; adminToken: string; shutdown: AbortSignal },
): Promise<void> {
  // Compare digests so that the comparison takes the same time whatever the token's length.
  const expected = createHash('sha256').update(adminToken).digest();
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    const digest = createHash('sha256').update(given).digest();
    if (given === '' || !timingSafeEqual(digest, expected)) {
      return fail(
        reply,
        401,
        'ADMIN_TOKEN_INVALID',
        'missing or wrong admin token (Authorization: Bearer ...)',
      );
    }
  });
  app.setNotFoundHandler((request, reply) =>
    fail(reply, 404, 'NOT_FOUND', `no route ${request.method} ${request.url}`),
  );
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'control API request failed');
      return fail(reply, 500, 'INTERNAL', 'internal error');
    }
    return fail(reply, status, 'BAD_REQUEST', error.message);
  });

  for (const route of CONTROL_ROUTES) {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        const input = (route.method === 'GET' ? request.query : request.body) ?? {};
        if (typeof input !== 'object' || Array.isArray(input)) {
          return fail(reply, 400, 'BAD_REQUEST', 'the body must be a JSON object');
        }
        const controller = new AbortController();
        reply.raw.once('close', () => controller.abort());
        try {
          const result = await route.handler({
            platform,
            time,
            input: input as Record<string, unknown>,
            path: request.params as Record<string, string>,
            signal: AbortSignal.any([controller.signal, shutdown]),
          });
          return reply.send({ ok: true, result });
        } catch (error) {
          if (error instanceof ControlError) return fail(reply, error.status, error.error, error.message);
          if (error instanceof PlatformError) {
            const [status, code] = STATUS[error.code];
            return fail(reply, status, code, error.message);
          }
          throw error;
        }
      },
    });
  }
}
