/**
 * A fault rule's effect on a Bot API call (ADR 0058): answered before the method runs, so the call
 * changes nothing. Errors are the Bot API's envelope with the reference's texts (reference §2.1,
 * §2.2): 429 `Too Many Requests: retry after N` with `parameters.retry_after` and a Retry-After
 * header, other statuses `<Prefix>: <description>` or the prefix alone.
 */
import { STATUS_CODES, type ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Envelope } from './call-method.js';
import { botApiError, faultDescription } from './error-catalogue.js';
import type { FaultRule } from '../platform/faults/faults.js';
import type { Platform } from '../platform/assembly/platform.js';
import { faultEffect, faultEvent } from '../platform/timeline/timeline-events.js';

/** What a faulted call is answered with when a rule gives no retry_after for a 429. */
export const DEFAULT_RETRY_AFTER = 5;

/** The envelope of a rule's error (status set). */
export function faultEnvelope(rule: FaultRule): Envelope {
  const status = rule.status!;
  if (status === 429) {
    const error = botApiError('TOO_MANY_REQUESTS', { retryAfter: rule.retry_after ?? DEFAULT_RETRY_AFTER });
    const body = {
      ok: false,
      error_code: 429,
      description: error.description,
      parameters: error.parameters,
    };
    return { status, body: JSON.stringify(body), retryAfter: error.parameters!.retry_after! };
  }
  const description = faultDescription(status, rule.description, STATUS_CODES[status] ?? 'Error');
  return { status, body: JSON.stringify({ ok: false, error_code: status, description }) };
}

/**
 * Applies the first rule of `rules` that faults this call: undefined when none does or the rule only
 * adds latency (the call then runs); else the envelope to answer (`drop`: the connection is closed).
 */
export async function botApiFault(
  platform: Platform,
  botId: number,
  rules: readonly FaultRule[],
  method: string,
  response: ServerResponse,
  log: FastifyBaseLogger,
): Promise<Envelope | undefined> {
  const rule = await platform.faults.take(rules, method.toLowerCase());
  if (!rule) return undefined;
  log.warn(
    {
      fault: rule.id,
      surface: 'bot_api',
      botId,
      method,
      status: rule.status,
      drop: rule.drop,
      latencyMs: rule.latency_ms,
    },
    'fault injected',
  );
  // The timeline (ADR 0099): every rule that fires, latency alone included.
  const { timeline } = platform;
  const answered = rule.status === undefined ? undefined : String(rule.status);
  const effect = faultEffect({ latencyMs: rule.latency_ms, drop: rule.drop, answered });
  if (timeline.enabled) timeline.record(faultEvent(timeline.now(), botId, method, effect));
  if (rule.latency_ms) await delay(rule.latency_ms);
  if (rule.drop) {
    response.destroy();
    return { status: 0, body: '', drop: true };
  }
  return rule.status === undefined ? undefined : faultEnvelope(rule);
}
