/**
 * A fault rule's effect on a webhook attempt (ADR 0058): before the POST, an error effect fails the
 * attempt as if the webhook had answered that status ("Wrong response from the webhook: 502 Bad
 * Gateway", with the rule's retry_after as the answer's Retry-After), a drop as a closed connection,
 * and latency delays the attempt. The attempt then goes through the usual backoff (backoff.ts).
 */
import { STATUS_CODES } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { FaultRule } from '../platform/faults/faults.js';
import type { Platform } from '../platform/assembly/platform.js';
import { faultEffect, faultEvent } from '../platform/timeline/timeline-events.js';

/** Thrown from the attempt; its message is the attempt's failure text (webhook-connection.ts). */
export class InjectedWebhookFault extends Error {
  constructor(
    message: string,
    /** The status the webhook is taken to have answered (null: no answer, a drop). */
    readonly status: number | null,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** Applies the first rule that faults this attempt: throws InjectedWebhookFault, or waits and returns. */
export async function webhookFault(
  platform: Platform,
  botId: number,
  rules: readonly FaultRule[],
  log: FastifyBaseLogger,
): Promise<void> {
  const rule = await platform.faults.take(rules, undefined);
  if (!rule) return;
  log.warn(
    { fault: rule.id, surface: 'webhook', botId, status: rule.status, drop: rule.drop },
    'fault injected',
  );
  // The timeline (ADR 0099): every rule that fires, latency alone included.
  const { timeline } = platform;
  if (timeline.enabled) {
    const answered = rule.status === undefined ? undefined : String(rule.status);
    const effect = faultEffect({ latencyMs: rule.latency_ms, drop: rule.drop, answered });
    timeline.record(faultEvent(timeline.now(), botId, 'webhook', effect));
  }
  if (rule.latency_ms) await delay(rule.latency_ms);
  if (rule.drop) throw new InjectedWebhookFault('Connection reset by peer', null);
  if (rule.status === undefined) return;
  const reason = STATUS_CODES[rule.status] ?? '';
  throw new InjectedWebhookFault(
    `Wrong response from the webhook: ${rule.status} ${reason}`.trim(),
    rule.status,
    rule.retry_after,
  );
}
