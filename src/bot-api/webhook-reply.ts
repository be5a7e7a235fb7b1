/**
 * A method call in a webhook's answer (spec "Making requests when getting updates"): the Bot API runs
 * it as the bot, and its result cannot be observed. The webhook worker (delivery/) is given this
 * runner by the composition root, so that jobs never import a surface.
 */
import type { FastifyBaseLogger } from 'fastify';
import { callMethod } from './call-method.js';
import { Params } from './params.js';
import { addBody } from './request-params.js';
import type { Platform } from '../platform/assembly/platform.js';
import { FixedSignal } from '../http/request-signals.js';

/** The runner the webhook worker is given (delivery/webhook-worker.ts WebhookReplyRunner). */
export function webhookReplyRunner(
  platform: Platform,
  log: FastifyBaseLogger,
): (botId: number, contentType: string, body: string) => Promise<void> {
  return async (botId, contentType, text) => {
    if (text === '') return;
    const params = new Params();
    addBody(params, contentType, text);
    const method = params.string('method');
    if (method === undefined) return;
    const envelope = await callMethod(platform, botId, method, params, {
      signal: new FixedSignal(new AbortController().signal),
      fromWebhookReply: true,
      log,
    });
    if (envelope.status !== 200) {
      log.info({ botId, method, status: envelope.status }, 'method in webhook reply failed');
    }
  };
}
