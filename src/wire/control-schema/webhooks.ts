/**
 * The webhook delivery log (ADR 0059): every attempt to deliver an update to a bot's webhook, and
 * replay of an update to it. The same shape as the gateway's delivery log (gateway.ts) where it fits.
 */
import { int, params, ref, route } from './dsl.js';

const BOT = ref('user', { required: true, description: 'The bot: an id or `@username`.' });

export const WEBHOOKS = {
  getWebhookDeliveries: route({
    method: 'GET',
    path: '/webhooks/deliveries',
    tag: 'inspector',
    summary: "A bot's webhook delivery attempts and the updates still pending",
    description:
      'Each attempt with its update, the url (without credentials; the secret_token header is never ' +
      'stored), the attempt number, the request size, the answer status or error and the duration. ' +
      'The newest 1000 attempts of each bot are kept; the update itself (`body`) with the newest 100 ' +
      'attempts that delivered or lost an update.',
    params: params('WebhookDeliveriesParams', {
      bot: BOT,
      update_id: int({ min: 1, description: 'Only this update.' }),
      limit: int({ min: 1, max: 1000, default: 100 }),
    }),
    result: 'WebhookDeliveryLog',
    answer: 'The newest `limit` attempts (oldest first) and the pending updates (the first `limit`).',
    errors: ['ReferenceNotFound'],
  }),

  replayWebhookUpdate: route({
    method: 'POST',
    path: '/webhooks/replay',
    tag: 'inspector',
    summary: 'Deliver an update to the webhook again',
    description:
      'An update still pending is retried now (its backoff is skipped); one already delivered is ' +
      'queued again, with the same update_id, from the payload the delivery log kept.',
    params: params('ReplayWebhookUpdateParams', {
      bot: BOT,
      update_id: int({ required: true, min: 1 }),
    }),
    result: 'WebhookReplay',
    answer: 'What was done.',
    errors: [
      {
        status: 404,
        description: 'No such bot, or the update is neither pending nor kept in the log with its payload.',
        codes: ['BOT_NOT_FOUND', 'UPDATE_NOT_FOUND'],
      },
      { status: 409, description: 'The bot has no webhook.', codes: ['WEBHOOK_NOT_SET'] },
    ],
  }),
} as const;
