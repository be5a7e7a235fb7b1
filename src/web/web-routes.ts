/**
 * The web client (ADR 0055): the page's built files at `/web/` (`/` redirects there) and the
 * person API at `/web/api/`, one file per method in methods/. Answers are `{ ok: true, result }` or
 * `{ ok: false, error, description }`, as the control API's; a session's token comes in
 * `Authorization: Bearer`.
 */
import { bearerCheck, bearerToken } from '../http/bearer.js';
import { clientAddressKey } from '../http/client-address.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PlatformError } from '../platform/core/errors.js';
import { webStatusOf } from './web-errors.js';
import type { Platform } from '../platform/assembly/platform.js';
import { ChatList } from '../platform/people/chat-list.js';
import type { Profile } from '../config/config.js';
import type { RequestSignals } from '../http/request-signals.js';
import { readSession, type WebSession } from './session.js';
import { WebError, WebFile, type WebHandler } from './web-context.js';
import { signIn } from './methods/sign-in.js';
import { requestLoginCode } from './methods/request-login-code.js';
import { signOut } from './methods/sign-out.js';
import { me } from './methods/me.js';
import { listPeople } from './methods/list-people.js';
import { listBots } from './methods/list-bots.js';
import { listChats } from './methods/list-chats.js';
import { listMessages } from './methods/list-messages.js';
import { searchMessages } from './methods/search-messages.js';
import { listDrafts } from './methods/list-drafts.js';
import { sendMessage } from './methods/send-message.js';
import { forwardMessage } from './methods/forward-message.js';
import { pressButton } from './methods/press-button.js';
import { votePoll } from './methods/vote-poll.js';
import { react } from './methods/react.js';
import { listPins, pinMessage, unpinMessage } from './methods/pins.js';
import { createTopic, listTopics } from './methods/topics.js';
import { sendMedia, WEB_MEDIA_BODY_LIMIT } from './methods/send-media.js';
import { MAX_PERSON_PHOTO_BYTES } from '../platform/messages/person-media.js';
import { downloadFile } from './methods/download-file.js';
import { botCommands } from './methods/bot-commands.js';
import { inlineQuery } from './methods/inline-query.js';
import { chooseInlineResult } from './methods/choose-inline-result.js';
import { createChat } from './methods/create-chat.js';
import { listMembers } from './methods/list-members.js';
import { addMember } from './methods/add-member.js';
import { promoteMember } from './methods/promote-member.js';
import { restrictMember } from './methods/restrict-member.js';
import { leaveChat } from './methods/leave-chat.js';
import { blockBot, blockState, unblockBot } from './methods/block-bot.js';
import { setChatPhoto, setChatTitle } from './methods/group-info.js';
import { banMember, unbanMember } from './methods/ban-member.js';
import { createInviteLink, listInviteLinks, revokeInviteLink } from './methods/invite-links.js';
import {
  approveJoinRequest,
  declineJoinRequest,
  joinByLink,
  listJoinRequests,
} from './methods/join-requests.js';
import { openWebApp } from './methods/open-web-app.js';
import {
  addCommunityChat,
  createCommunity,
  listCommunities,
  removeCommunityChat,
} from './methods/communities.js';
import { cancelSubscription, listSubscriptions, reactivateSubscription } from './methods/subscriptions.js';
import {
  profilePhotoFile,
  profilePhotos,
  removeProfilePhoto,
  setProfilePhoto,
} from './methods/profile-photos.js';
import { sendSetSticker, stickerFile, stickerSet } from './methods/stickers.js';
import { openEvents } from './methods/events.js';
import { openInspectorEvents } from './methods/inspector-events.js';
import { webAction } from './web-timeline.js';

/** Where `npm run build` puts the page (web/vite.config.ts); the same from src/ (tests) and dist/. */
export const WEB_CLIENT_DIR = fileURLToPath(new URL('../../dist/web-client', import.meta.url));

interface WebRoute {
  method: 'GET' | 'POST';
  url: string;
  handler: WebHandler;
  /** Open without a session (signing in). */
  open?: boolean;
  /** Takes a binary body (application/octet-stream) of at most this many bytes; parameters in the query. */
  binary?: number;
}

/** What a route tells its error handler: the size limit of the file that is its body. */
interface WebRouteConfig {
  fileLimit?: number;
}

/** The person API, below /web/api. */
const ROUTES: WebRoute[] = [
  { method: 'GET', url: '/config', handler: async ({ profile }) => ({ profile }), open: true },
  { method: 'GET', url: '/people', handler: listPeople, open: true },
  { method: 'POST', url: '/sign-in', handler: signIn, open: true },
  { method: 'POST', url: '/sign-in/code', handler: requestLoginCode, open: true },
  { method: 'POST', url: '/sign-out', handler: signOut },
  { method: 'GET', url: '/me', handler: me },
  { method: 'GET', url: '/bots', handler: listBots },
  { method: 'GET', url: '/chats', handler: listChats },
  { method: 'POST', url: '/chats', handler: createChat },
  { method: 'GET', url: '/chats/members', handler: listMembers },
  { method: 'POST', url: '/chats/members', handler: addMember },
  { method: 'POST', url: '/chats/promote', handler: promoteMember },
  { method: 'POST', url: '/chats/restrict', handler: restrictMember },
  { method: 'POST', url: '/chats/leave', handler: leaveChat },
  { method: 'POST', url: '/chats/title', handler: setChatTitle },
  { method: 'POST', url: '/chats/photo', handler: setChatPhoto, binary: MAX_PERSON_PHOTO_BYTES },
  { method: 'POST', url: '/chats/ban', handler: banMember },
  { method: 'POST', url: '/chats/unban', handler: unbanMember },
  { method: 'GET', url: '/chats/invite-links', handler: listInviteLinks },
  { method: 'POST', url: '/chats/invite-links', handler: createInviteLink },
  { method: 'POST', url: '/chats/invite-links/revoke', handler: revokeInviteLink },
  { method: 'GET', url: '/chats/join-requests', handler: listJoinRequests },
  { method: 'POST', url: '/chats/join-requests/approve', handler: approveJoinRequest },
  { method: 'POST', url: '/chats/join-requests/decline', handler: declineJoinRequest },
  { method: 'POST', url: '/join', handler: joinByLink },
  { method: 'POST', url: '/web-apps/open', handler: openWebApp },
  { method: 'GET', url: '/block', handler: blockState },
  { method: 'POST', url: '/block', handler: blockBot },
  { method: 'POST', url: '/unblock', handler: unblockBot },
  { method: 'GET', url: '/messages', handler: listMessages },
  { method: 'GET', url: '/messages/search', handler: searchMessages },
  { method: 'GET', url: '/drafts', handler: listDrafts },
  { method: 'POST', url: '/messages', handler: sendMessage },
  { method: 'POST', url: '/forward', handler: forwardMessage },
  { method: 'POST', url: '/press', handler: pressButton },
  { method: 'POST', url: '/vote', handler: votePoll },
  { method: 'POST', url: '/reactions', handler: react },
  { method: 'GET', url: '/pins', handler: listPins },
  { method: 'GET', url: '/topics', handler: listTopics },
  { method: 'POST', url: '/topics', handler: createTopic },
  { method: 'POST', url: '/pins', handler: pinMessage },
  { method: 'POST', url: '/pins/delete', handler: unpinMessage },
  { method: 'POST', url: '/media', handler: sendMedia, binary: WEB_MEDIA_BODY_LIMIT },
  { method: 'GET', url: '/files', handler: downloadFile },
  { method: 'GET', url: '/commands', handler: botCommands },
  { method: 'POST', url: '/inline', handler: inlineQuery },
  { method: 'POST', url: '/inline/choose', handler: chooseInlineResult },
  { method: 'GET', url: '/sticker-sets', handler: stickerSet },
  { method: 'GET', url: '/sticker-sets/file', handler: stickerFile },
  { method: 'POST', url: '/stickers', handler: sendSetSticker },
  { method: 'GET', url: '/communities', handler: listCommunities },
  { method: 'POST', url: '/communities', handler: createCommunity },
  { method: 'POST', url: '/communities/chats', handler: addCommunityChat },
  { method: 'POST', url: '/communities/chats/remove', handler: removeCommunityChat },
  { method: 'GET', url: '/subscriptions', handler: listSubscriptions },
  { method: 'POST', url: '/subscriptions/cancel', handler: cancelSubscription },
  { method: 'POST', url: '/subscriptions/reactivate', handler: reactivateSubscription },
  { method: 'GET', url: '/profile-photos', handler: profilePhotos },
  { method: 'GET', url: '/profile-photos/file', handler: profilePhotoFile },
  { method: 'POST', url: '/profile-photos', handler: setProfilePhoto, binary: MAX_PERSON_PHOTO_BYTES },
  { method: 'POST', url: '/profile-photos/delete', handler: removeProfilePhoto },
];

function fail(
  reply: FastifyReply,
  status: number,
  error: string,
  description: string,
  extra?: Readonly<Record<string, unknown>>,
) {
  if (typeof extra?.retry_after === 'number') reply.header('retry-after', String(extra.retry_after));
  return reply.code(status).send({ ok: false, error, description, ...extra });
}

export async function webRoutes(
  app: FastifyInstance,
  {
    platform,
    profile,
    signals,
    adminToken,
    inspectorToken,
  }: {
    platform: Platform;
    profile: Profile;
    signals: RequestSignals;
    adminToken: string;
    /** Serve GET /inspector/token (`--inspector-token`); off, it is not found. */
    inspectorToken: boolean;
  },
): Promise<void> {
  const chatList = new ChatList(platform);
  const { store } = platform.deps;
  const isAdmin = bearerCheck(adminToken);

  // Under a prefix (a workspace's `/w/NAME/`), its own page; `/web` goes on to `/web/` (relative,
  // so that it holds behind any prefix: the page's assets are relative to it).
  app.get('/', async (_request, reply) => reply.redirect(`${app.prefix}/web/`, 302));
  app.get('/web', async (_request, reply) => reply.redirect('web/', 302));
  // An invite link opened in a browser (`<public-url>/+HASH` with --public-url, ADR 0074) opens the
  // web client's Join by link filled with it; the person still presses Join (a GET joins nothing).
  app.get<{ Params: { hash: string } }>('/+:hash', async (request, reply) =>
    reply.redirect(`${app.prefix}/web/?join=${encodeURIComponent(`+${request.params.hash}`)}`, 302),
  );

  if (existsSync(path.join(WEB_CLIENT_DIR, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: WEB_CLIENT_DIR,
      prefix: '/web/',
      // Asset names carry their content hash (Vite); the page itself is always asked for again.
      setHeaders: (res, file) => {
        res.setHeader(
          'cache-control',
          file.endsWith('index.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
        );
      },
    });
  } else {
    app.get('/web/*', async (_request, reply) =>
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web client is not built: run `npm run build` (npm ci runs it).\n'),
    );
  }

  const authenticate = async (header: string | undefined): Promise<WebSession | undefined> => {
    const token = bearerToken(header);
    return token ? readSession(store, token) : undefined;
  };

  await app.register(
    async (api) => {
      // A file picked in the page comes as its bytes.
      api.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      // Fixed text: the path and query are not echoed (a token put in either would reach the answer).
      const notFound = (_request: unknown, reply: FastifyReply) =>
        fail(reply, 404, 'NOT_FOUND', 'no such route');
      api.setNotFoundHandler(notFound);
      // Without these, `/web/*` (the page's files) takes the API's unknown paths, and the page's
      // answer to a missing file is not the API's.
      api.all('/', notFound);
      api.all('/*', notFound);
      api.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
        const status = error.statusCode ?? 500;
        if (status >= 500) {
          request.log.error({ err: error }, 'web API request failed');
          return fail(reply, 500, 'INTERNAL', 'internal error');
        }
        // A body past the route's limit (Fastify refuses it by its length): a file too big to send,
        // or a JSON body far larger than any call needs.
        if (status === 413) {
          const { fileLimit } = request.routeOptions.config as WebRouteConfig;
          return fileLimit === undefined
            ? fail(reply, 413, 'REQUEST_TOO_LARGE', 'the request body is larger than 1 MB')
            : fail(reply, 413, 'FILE_TOO_BIG', `the file is larger than ${fileLimit >> 20} MB`);
        }
        return fail(reply, status, 'BAD_REQUEST', error.message);
      });

      // The operator's inspector: in the local profile, a page loaded from this machine by a loopback
      // name is given the admin token (the control API's); anywhere else the operator pastes it.
      api.get('/inspector/token', async (request, reply) => {
        // Any local process may ask as the page does, so `--inspector-token off` (for machines
        // shared with other users) makes the route not found, as the person API answers any.
        if (!inspectorToken) return reply.callNotFound();
        const host = (request.headers.host ?? '').replace(/:\d+$/, '');
        const loopbackHost = host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
        const loopbackPeer = /^(127\.|::1$|::ffff:127\.)/.test(request.socket.remoteAddress ?? '');
        if (profile !== 'local' || !loopbackHost || !loopbackPeer) {
          return fail(
            reply,
            403,
            'FORBIDDEN',
            'the admin token is handed out in the local profile on loopback only',
          );
        }
        return reply
          .header('cache-control', 'no-store')
          .send({ ok: true, result: { admin_token: adminToken } });
      });

      api.get('/inspector/events', async (request, reply) => {
        if (!isAdmin(request.headers.authorization)) {
          return fail(
            reply,
            401,
            'ADMIN_TOKEN_INVALID',
            'missing or wrong admin token (Authorization: Bearer ...)',
          );
        }
        reply.hijack();
        await openInspectorEvents(platform, reply.raw);
      });

      api.get('/events', async (request, reply) => {
        const session = await authenticate(request.headers.authorization);
        if (!session) return fail(reply, 401, 'SESSION_INVALID', 'sign in first');
        reply.hijack();
        await openEvents(platform, session, reply.raw);
      });

      for (const route of ROUTES) {
        api.route({
          method: route.method,
          url: route.url,
          ...(route.binary ? { bodyLimit: route.binary, config: { fileLimit: route.binary } } : {}),
          handler: async (request, reply) => {
            const session = route.open
              ? { userId: 0, deviceId: 0 }
              : await authenticate(request.headers.authorization);
            if (!session) return fail(reply, 401, 'SESSION_INVALID', 'sign in first');
            const binary = route.binary !== undefined;
            const raw = (route.method === 'GET' || binary ? request.query : request.body) ?? {};
            if (typeof raw !== 'object' || Array.isArray(raw)) {
              return fail(reply, 400, 'BAD_REQUEST', 'the body must be a JSON object');
            }
            // A person's action in the browser is recorded on the timeline (ADR 0099).
            const record =
              route.method === 'GET'
                ? undefined
                : webAction(platform, route.url, session.userId, raw as Record<string, unknown>);
            try {
              const result = await route.handler({
                platform,
                chatList,
                profile,
                input: raw as Record<string, unknown>,
                session,
                client: clientAddressKey(request.ip),
                signal: signals.for(reply.raw).signal,
                body: binary && Buffer.isBuffer(request.body) ? request.body : undefined,
              });
              record?.(200, result instanceof WebFile ? '<file>' : { ok: true, result });
              if (result instanceof WebFile)
                return reply.code(200).headers(result.headers).send(result.stream);
              return reply.header('cache-control', 'no-store').send({ ok: true, result });
            } catch (error) {
              if (error instanceof WebError) {
                record?.(error.status, { ok: false, error: error.error, description: error.message });
                return fail(reply, error.status, error.error, error.message, error.extra);
              }
              if (error instanceof PlatformError) {
                const status = webStatusOf(error);
                record?.(status, { ok: false, error: error.code, description: error.message });
                return fail(reply, status, error.code, error.message);
              }
              throw error;
            }
          },
        });
      }
    },
    { prefix: '/web/api' },
  );
}
