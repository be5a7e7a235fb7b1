/**
 * The control API (docs/control-api.md): every route of its schema (src/wire/control-schema/,
 * ADR 0042) with its handler, admin-token authentication, the reading of each request by its
 * route's schema before the handler, and the mapping of errors to `{ok:false, error, description}`
 * with a semantic status.
 */
import { bearerCheck } from '../http/bearer.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CONTROL_API, type RouteId, type RouteInput, type RouteSpec } from '../wire/control-schema/index.js';
import type { ControlHandler, WorkspaceManager } from './control-context.js';
import { ADMIN_TOKEN_REFUSED, answerControl, errorAnswer } from './control-answer.js';
import { advanceClock } from './methods/advance-clock.js';
import { addFault, clearFaults, listFaults } from './methods/faults.js';
import * as workspaceMethods from './methods/workspaces.js';
import { createBot } from './methods/create-bot.js';
import { createUser } from './methods/create-user.js';
import { getBot } from './methods/get-bot.js';
import { getClock } from './methods/get-clock.js';
import { getUser } from './methods/get-user.js';
import { listMessages } from './methods/list-messages.js';
import { searchMessages } from './methods/search-messages.js';
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
import { listBots } from './methods/list-bots.js';
import { listPendingUpdates } from './methods/list-pending-updates.js';
import { gatewayListAccounts } from './methods/gateway-list-accounts.js';
import { gatewayListRequests } from './methods/gateway-list-requests.js';
import { deviceList } from './methods/device-list.js';
import { deviceAdd } from './methods/device-add.js';
import { deviceUpdate } from './methods/device-update.js';
import { deviceOffline, deviceOnline } from './methods/device-set-online.js';
import { webhookDeliveries, webhookReplay } from './methods/webhook-log.js';
import { getTranscript } from './methods/transcript.js';
import { getTimeline } from './methods/timeline.js';
import { exportWorld, importWorld, WORLD_BODY_LIMIT } from './methods/world.js';
import { inlineQuery } from './methods/inline-query.js';
import { chooseInlineResult } from './methods/choose-inline-result.js';
import {
  getWebAppKey,
  openWebApp,
  sendWebAppData,
  setBotGuestQueries,
  setBotJoinRequestQueries,
  setJoinRequestBot,
  shareWebAppMessage,
  useWebAppButton,
} from './methods/web-apps.js';
import { getReactions, react } from './methods/react.js';
import { listPins, pinMessage, unpinMessage } from './methods/pins.js';
import { boostChat, getVerification, registerGame, setBotVerifier } from './methods/games-boosts.js';
import { getGiveaway, startGiveaway } from './methods/giveaways.js';
import {
  addChecklistTasks,
  addProfileAudio,
  addProfilePhoto,
  allowEmojiStatus,
  listDrafts,
  markChecklistTasks,
  PROFILE_PHOTO_BODY_LIMIT,
  removeProfilePhoto,
  setPersonalChat,
} from './methods/drafts-profiles.js';
import { createChat } from './methods/chat-create.js';
import { createForumTopic, listForumTopics, setBotTopics, setChatForum } from './methods/topics.js';
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
import {
  connectBusinessBot,
  createManagedBot,
  disconnectBusinessBot,
  listStories,
  replyToStory,
} from './methods/business.js';
import { setBotPrivacy } from './methods/bot-privacy.js';
import { SEND_MEDIA_BODY_LIMIT, sendMedia } from './methods/send-media.js';
import { sendLocation } from './methods/send-location.js';
import { sendVenue } from './methods/send-venue.js';
import { sendContact } from './methods/send-contact.js';
import { sendPoll } from './methods/send-poll.js';
import { sendDice } from './methods/send-dice.js';
import { sendSticker } from './methods/send-sticker.js';
import { downloadFile } from './methods/download-file.js';
import {
  getPassportErrors,
  PASSPORT_SHARE_BODY_LIMIT,
  setBotPassportKey,
  sharePassportData,
} from './methods/passport.js';
import { grantStars, getStarBalance, listStarTransactions } from './methods/stars.js';
import { pay, listPaymentProviders } from './methods/pay.js';
import { cancelSubscription, listSubscriptions, reactivateSubscription } from './methods/subscriptions.js';
import { listGifts, giveGift, convertGift, buyPaidMedia } from './methods/gifts.js';
import {
  enableDirectMessages,
  getDirectMessages,
  sendDirectMessage,
  suggestPost,
} from './methods/direct-messages.js';
import {
  addCommunityChat,
  createCommunity,
  getCommunity,
  joinCommunityChat,
  removeCommunityChat,
} from './methods/communities.js';
import type { Platform } from '../platform/assembly/platform.js';
import type { VirtualTime } from '../platform/core/virtual-time.js';
import type { RequestLog } from '../http/request-log.js';
import type { RequestSignals } from '../http/request-signals.js';

/** The handler of every route of the schema: a route without one, or of another input, does not compile. */
const HANDLERS: { [K in RouteId]: ControlHandler<RouteInput<K>> } = {
  createUser,
  getUser,
  createBot,
  getBot,
  blockBot,
  unblockBot,
  connectBusinessBot,
  disconnectBusinessBot,
  listStories,
  replyToStory,
  createManagedBot,
  setBotPrivacy,
  sendMessage,
  listMessages,
  searchMessages,
  waitForMessage: waitMessage,
  pressButton,
  listGifts,
  giveGift,
  convertGift,
  buyPaidMedia,
  enableDirectMessages,
  getDirectMessages,
  sendDirectMessage,
  suggestPost,
  createCommunity,
  getCommunity,
  addCommunityChat,
  removeCommunityChat,
  joinCommunityChat,
  grantStars,
  getStarBalance,
  listStarTransactions,
  pay,
  listPaymentProviders,
  listSubscriptions,
  cancelSubscription,
  reactivateSubscription,
  editMessage,
  deleteMessage,
  votePoll,
  sendLocation,
  sendVenue,
  sendContact,
  sendPoll,
  sendDice,
  sendSticker,
  sendMedia,
  downloadFile,
  react,
  getReactions,
  pinMessage,
  unpinMessage,
  listPinnedMessages: listPins,
  registerGame,
  boostChat,
  startGiveaway,
  getGiveaway,
  setBotVerifier,
  getVerification,
  listDrafts,
  allowEmojiStatus,
  addProfileAudio,
  addProfilePhoto,
  removeProfilePhoto,
  markChecklistTasks,
  addChecklistTasks,
  setPersonalChat,
  inlineQuery,
  chooseInlineResult,
  openWebApp,
  sendWebAppData,
  getWebAppKey,
  shareWebAppMessage,
  useWebAppButton,
  setBotPassportKey,
  sharePassportData,
  getPassportErrors,
  setBotGuestQueries,
  setBotJoinRequestQueries,
  setJoinRequestBot,
  advanceClock,
  getClock,
  addFault,
  listFaults,
  clearFaults,
  createChat,
  getChat,
  setChatForum,
  createForumTopic,
  listForumTopics,
  setBotTopics,
  addChatMember,
  joinChat,
  leaveChat,
  promoteChatMember,
  restrictChatMember,
  removeChatMember,
  migrateChat,
  createInviteLink,
  createGatewayAccount: gatewayCreateAccount,
  getGatewayAccount: gatewayGetAccount,
  topUpGatewayAccount: gatewayTopUp,
  setGatewayPrices: gatewaySetPrices,
  getGatewayLedger: gatewayLedger,
  createSenderChannel: gatewayCreateChannel,
  verifySenderChannel: gatewayVerifyChannel,
  getVerificationInbox: gatewayInbox,
  waitForCode: gatewayWaitCode,
  markVerificationRead: gatewayMarkRead,
  getDeliveryLog: gatewayDeliveryLog,
  listBots,
  listPendingUpdates,
  listGatewayAccounts: gatewayListAccounts,
  listVerificationRequests: gatewayListRequests,
  listDevices: deviceList,
  addDevice: deviceAdd,
  updateDevice: deviceUpdate,
  setDevicesOnline: deviceOnline,
  setDevicesOffline: deviceOffline,
  getWebhookDeliveries: webhookDeliveries,
  replayWebhookUpdate: webhookReplay,
  getTranscript,
  getTimeline,
  exportWorld,
  importWorld,
  ...workspaceMethods,
};

/** Bytes of JSON body a route takes, when more than Fastify's default 1 MiB. */
const BODY_LIMITS: Partial<Record<RouteId, number>> = {
  sendMedia: SEND_MEDIA_BODY_LIMIT,
  addProfilePhoto: PROFILE_PHOTO_BODY_LIMIT,
  sharePassportData: PASSPORT_SHARE_BODY_LIMIT,
  importWorld: WORLD_BODY_LIMIT,
};

export interface ControlRoute {
  id: RouteId;
  method: 'GET' | 'POST';
  /** Fastify's form of the schema's path, below `/control` (`/users/:ref`). */
  path: string;
  schema: RouteSpec;
  handler: ControlHandler;
  bodyLimit?: number;
}

/** Every route of the control API, in the schema's order. */
export const CONTROL_ROUTES: ControlRoute[] = (Object.keys(CONTROL_API) as RouteId[]).map((id) => {
  const schema: RouteSpec = CONTROL_API[id];
  const bodyLimit = BODY_LIMITS[id];
  return {
    id,
    method: schema.method,
    path: schema.path.replace(/\{(\w+)\}/g, ':$1'),
    schema,
    // Each handler reads the input of its own route, which readParams gives it.
    handler: HANDLERS[id] as ControlHandler,
    ...(bodyLimit ? { bodyLimit } : {}),
  };
});

function fail(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.code(status).send({ ok: false, error, description });
}

/** What the control API is served with, by its Fastify routes and by its fast lane (control-lane.ts). */
export interface ControlOptions {
  platform: Platform;
  time: VirtualTime;
  adminToken: string;
  /** Inside a workspace: the server's own admin token, accepted too (ADR 0061). */
  operatorToken?: string | undefined;
  /** The server's workspaces, in the default workspace's control API. */
  workspaces?: WorkspaceManager | undefined;
  signals: RequestSignals;
  requestLog: RequestLog;
}

export async function controlRoutes(
  app: FastifyInstance,
  { platform, time, adminToken, operatorToken, workspaces, signals, requestLog }: ControlOptions,
): Promise<void> {
  // The method of a control call is its route (`/users/:ref`): the path's own values stay out.
  const prefix = app.prefix;
  requestLog.hooks(app, 'control', (request) => request.routeOptions.url?.slice(prefix.length) || undefined);
  const isAdmin = bearerCheck(adminToken, operatorToken);
  app.addHook('onRequest', async (request, reply) => {
    if (!isAdmin(request.headers.authorization)) {
      return reply.code(ADMIN_TOKEN_REFUSED.status).send(ADMIN_TOKEN_REFUSED.json);
    }
  });
  // Fixed text: the path and query are not echoed (a token put in either would reach the answer).
  app.setNotFoundHandler((_request, reply) => fail(reply, 404, 'NOT_FOUND', 'no such route'));
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const answer = errorAnswer(error);
    if (answer.status >= 500) request.log.error({ err: error }, 'control API request failed');
    return reply.code(answer.status).send(answer.json);
  });

  for (const route of CONTROL_ROUTES) {
    app.route({
      method: route.method,
      url: route.path,
      ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
      handler: async (request, reply) => {
        // Answered as the fast lane answers (control-answer.ts, control-lane.ts); an error of no
        // known kind goes to the error handler above.
        const lazy = signals.for(reply.raw);
        try {
          const answer = await answerControl(
            route.schema,
            route.handler,
            route.method === 'GET' ? request.query : request.body,
            {
              platform,
              time,
              path: request.params as Record<string, string>,
              source: lazy,
              workspaces,
              origin: `${request.protocol}://${request.host}`,
            },
          );
          if (answer.binary) return reply.code(200).headers(answer.binary.headers).send(answer.binary.body);
          return reply.code(answer.status).send(answer.json);
        } finally {
          lazy.release();
        }
      },
    });
  }
}
