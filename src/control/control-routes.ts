/**
 * The control API (docs/control-api.md): every route in one table, admin-token authentication, and
 * the mapping of platform errors to `{ok:false, error, description}` with a semantic status.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ControlError, type ControlContext, type ControlHandler } from './control-context.js';
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
import { votePoll } from './methods/vote-poll.js';
import { editMessage } from './methods/edit-message.js';
import { deleteMessage } from './methods/delete-message.js';
import { gatewayCreateAccount } from './methods/gateway-create-account.js';
import { gatewayGetAccount } from './methods/gateway-get-account.js';
import { gatewayTopUp } from './methods/gateway-top-up.js';
import { gatewaySetPrices } from './methods/gateway-set-prices.js';
import { gatewayLedger } from './methods/gateway-ledger.js';
import { gatewayCreateChannel } from './methods/gateway-create-channel.js';
import { gatewayVerifyChannel } from './methods/gateway-verify-channel.js';
import { gatewayInbox } from './methods/gateway-inbox.js';
import { gatewayWaitCode } from './methods/gateway-wait-code.js';
import { gatewayMarkRead } from './methods/gateway-mark-read.js';
import { gatewayDeliveryLog } from './methods/gateway-delivery-log.js';
import { deviceList } from './methods/device-list.js';
import { deviceAdd } from './methods/device-add.js';
import { deviceUpdate } from './methods/device-update.js';
import { deviceOffline, deviceOnline } from './methods/device-set-online.js';
import { inlineQuery } from './methods/inline-query.js';
import { chooseInlineResult } from './methods/choose-inline-result.js';
import { getReactions, react } from './methods/react.js';
import { listPins, pinMessage, unpinMessage } from './methods/pins.js';
import { createChat } from './methods/chat-create.js';
import { getChat } from './methods/chat-get.js';
import { addChatMember } from './methods/chat-add-member.js';
import { joinChat } from './methods/chat-join.js';
import { leaveChat } from './methods/chat-leave.js';
import { promoteChatMember } from './methods/chat-promote.js';
import { restrictChatMember } from './methods/chat-restrict.js';
import { removeChatMember } from './methods/chat-remove.js';
import { migrateChat } from './methods/chat-migrate.js';
import { createInviteLink } from './methods/chat-invite-link.js';
import { blockBot, unblockBot } from './methods/block-bot.js';
import { setBotPrivacy } from './methods/bot-privacy.js';
import { SEND_MEDIA_BODY_LIMIT, sendMedia } from './methods/send-media.js';
import { sendLocation } from './methods/send-location.js';
import { sendVenue } from './methods/send-venue.js';
import { sendContact } from './methods/send-contact.js';
import { sendPoll } from './methods/send-poll.js';
import { sendDice } from './methods/send-dice.js';
import { downloadFile } from './methods/download-file.js';
import { BinaryAnswer } from './binary-answer.js';
import { PlatformError } from '../platform/errors.js';
import { controlStatusOf } from './control-errors.js';
import type { Platform } from '../platform/platform.js';
import type { VirtualTime } from '../platform/virtual-time.js';
import type { RequestLog } from '../http/request-log.js';
import type { RequestSignals, SignalSource } from '../http/request-signals.js';

export const CONTROL_ROUTES: Array<{
  method: 'GET' | 'POST';
  path: string;
  handler: ControlHandler;
  /** Bytes of JSON body the route takes, when more than Fastify's default 1 MiB. */
  bodyLimit?: number;
}> = [
  { method: 'POST', path: '/users', handler: createUser },
  { method: 'GET', path: '/users/:ref', handler: getUser },
  { method: 'POST', path: '/bots', handler: createBot },
  { method: 'GET', path: '/bots/:ref', handler: getBot },
  { method: 'POST', path: '/messages', handler: sendMessage },
  { method: 'GET', path: '/messages', handler: listMessages },
  { method: 'POST', path: '/wait', handler: waitMessage },
  { method: 'POST', path: '/press', handler: pressButton },
  { method: 'POST', path: '/polls/vote', handler: votePoll },
  { method: 'POST', path: '/messages/edit', handler: editMessage },
  { method: 'POST', path: '/messages/delete', handler: deleteMessage },
  { method: 'POST', path: '/clock/advance', handler: advanceClock },
  { method: 'GET', path: '/clock', handler: getClock },
  { method: 'POST', path: '/gateway/accounts', handler: gatewayCreateAccount },
  { method: 'GET', path: '/gateway/accounts/:id', handler: gatewayGetAccount },
  { method: 'POST', path: '/gateway/accounts/:id/top-up', handler: gatewayTopUp },
  { method: 'POST', path: '/gateway/accounts/:id/prices', handler: gatewaySetPrices },
  { method: 'GET', path: '/gateway/accounts/:id/ledger', handler: gatewayLedger },
  { method: 'POST', path: '/gateway/channels', handler: gatewayCreateChannel },
  { method: 'POST', path: '/gateway/channels/:username/verify', handler: gatewayVerifyChannel },
  { method: 'GET', path: '/gateway/inbox', handler: gatewayInbox },
  { method: 'POST', path: '/gateway/wait-code', handler: gatewayWaitCode },
  { method: 'POST', path: '/gateway/read', handler: gatewayMarkRead },
  { method: 'GET', path: '/gateway/delivery-log', handler: gatewayDeliveryLog },
  { method: 'GET', path: '/devices', handler: deviceList },
  { method: 'POST', path: '/devices', handler: deviceAdd },
  { method: 'POST', path: '/devices/online', handler: deviceOnline },
  { method: 'POST', path: '/devices/offline', handler: deviceOffline },
  { method: 'POST', path: '/devices/:id', handler: deviceUpdate },
  { method: 'POST', path: '/inline', handler: inlineQuery },
  { method: 'POST', path: '/inline/choose', handler: chooseInlineResult },
  { method: 'POST', path: '/reactions', handler: react },
  { method: 'GET', path: '/reactions', handler: getReactions },
  { method: 'POST', path: '/pins', handler: pinMessage },
  { method: 'POST', path: '/pins/delete', handler: unpinMessage },
  { method: 'GET', path: '/pins', handler: listPins },
  { method: 'POST', path: '/chats', handler: createChat },
  { method: 'GET', path: '/chats/:ref', handler: getChat },
  { method: 'POST', path: '/chats/members', handler: addChatMember },
  { method: 'POST', path: '/chats/join', handler: joinChat },
  { method: 'POST', path: '/chats/leave', handler: leaveChat },
  { method: 'POST', path: '/chats/promote', handler: promoteChatMember },
  { method: 'POST', path: '/chats/restrict', handler: restrictChatMember },
  { method: 'POST', path: '/chats/remove', handler: removeChatMember },
  { method: 'POST', path: '/chats/migrate', handler: migrateChat },
  { method: 'POST', path: '/chats/invite-links', handler: createInviteLink },
  { method: 'POST', path: '/block', handler: blockBot },
  { method: 'POST', path: '/unblock', handler: unblockBot },
  { method: 'POST', path: '/bots/privacy', handler: setBotPrivacy },
  { method: 'POST', path: '/messages/media', handler: sendMedia, bodyLimit: SEND_MEDIA_BODY_LIMIT },
  { method: 'POST', path: '/messages/location', handler: sendLocation },
  { method: 'POST', path: '/messages/venue', handler: sendVenue },
  { method: 'POST', path: '/messages/contact', handler: sendContact },
  { method: 'POST', path: '/messages/poll', handler: sendPoll },
  { method: 'POST', path: '/messages/dice', handler: sendDice },
  { method: 'GET', path: '/files', handler: downloadFile },
];

function fail(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.code(status).send({ ok: false, error, description });
}

/** A handler's context; a class so that its lazy `signal` getter does not cost a hidden class per call. */
class ControlCall implements ControlContext {
  constructor(
    readonly platform: Platform,
    readonly time: VirtualTime,
    readonly input: Record<string, unknown>,
    readonly path: Record<string, string>,
    private readonly source: SignalSource,
  ) {}

  get signal(): AbortSignal {
    return this.source.signal;
  }
}

export async function controlRoutes(
  app: FastifyInstance,
  {
    platform,
    time,
    adminToken,
    signals,
    requestLog,
  }: {
    platform: Platform;
    time: VirtualTime;
    adminToken: string;
    signals: RequestSignals;
    requestLog: RequestLog;
  },
): Promise<void> {
  // The method of a control call is its route (`/users/:ref`): the path's own values stay out.
  const prefix = app.prefix;
  requestLog.hooks(app, 'control', (request) => request.routeOptions.url?.slice(prefix.length) || undefined);
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
      ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
      handler: async (request, reply) => {
        const input = (route.method === 'GET' ? request.query : request.body) ?? {};
        if (typeof input !== 'object' || Array.isArray(input)) {
          return fail(reply, 400, 'BAD_REQUEST', 'the body must be a JSON object');
        }
        const lazy = signals.for(reply.raw);
        try {
          const result = await route.handler(
            new ControlCall(
              platform,
              time,
              input as Record<string, unknown>,
              request.params as Record<string, string>,
              lazy,
            ),
          );
          if (result instanceof BinaryAnswer)
            return reply.code(200).headers(result.headers).send(result.body);
          return reply.send({ ok: true, result });
        } catch (error) {
          if (error instanceof ControlError) return fail(reply, error.status, error.error, error.message);
          if (error instanceof PlatformError) {
            const [status, code] = controlStatusOf(error);
            return fail(reply, status, code, error.message);
          }
          throw error;
        } finally {
          lazy.release();
        }
      },
    });
  }
}
