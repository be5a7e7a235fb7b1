/**
 * The operator's view of the machinery (the web client's inspector, ADR 0055): every bot with its
 * webhook and pending updates, a bot's pending updates as it will receive them, every gateway
 * account, and an account's verification requests with what became of them.
 */
import { int, params, route } from './dsl.js';

const LIMIT = int({ min: 1, max: 1000, default: 100 });

export const INSPECTOR = {
  listBots: route({
    method: 'GET',
    path: '/bots',
    tag: 'inspector',
    summary: 'Every bot, with its webhook and the number of updates waiting for it',
    params: params('ListBotsParams', { limit: LIMIT }),
    result: 'BotSummary[]',
    answer: 'The first `limit` bots, oldest first.',
  }),

  listPendingUpdates: route({
    method: 'GET',
    path: '/bots/{ref}/updates',
    tag: 'inspector',
    summary: "A bot's pending updates, as getUpdates or its webhook will hand them over",
    pathParams: {
      ref: {
        type: 'string',
        of: 'user',
        description: 'A bot id or `@username`, percent-encoded (`%40echo_bot`).',
      },
    },
    params: params('ListPendingUpdatesParams', { limit: LIMIT }),
    result: 'PendingUpdate[]',
    answer: 'The first `limit` pending updates, in update_id order, with webhook delivery attempts.',
    errors: [{ status: 404, description: 'No bot has that reference.', codes: ['BOT_NOT_FOUND'] }],
  }),

  listGatewayAccounts: route({
    method: 'GET',
    path: '/gateway/accounts',
    tag: 'inspector',
    summary: 'Every gateway account (without tokens)',
    params: params('ListGatewayAccountsParams', { limit: LIMIT }),
    result: 'GatewayAccount[]',
    answer: 'The first `limit` accounts, in id order.',
  }),

  listVerificationRequests: route({
    method: 'GET',
    path: '/gateway/requests',
    tag: 'inspector',
    summary: "An account's verification requests and what became of them",
    description:
      'The code is shown as the person received it (from the message in their service chat) while ' +
      'that message exists; the gateway itself keeps only its keyed hash.',
    params: params('ListVerificationRequestsParams', {
      account: int({ required: true, min: 1 }),
      limit: LIMIT,
    }),
    result: 'VerificationRequestView[]',
    answer: 'The newest `limit` requests, newest first.',
    errors: [{ status: 404, description: 'No such account.', codes: ['GATEWAY_ACCOUNT_NOT_FOUND'] }],
  }),
} as const;
