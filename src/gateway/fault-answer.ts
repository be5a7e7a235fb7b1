/**
 * A fault rule's effect on a gateway call (ADR 0058), answered before the method runs: the gateway's
 * envelope `{"ok":false,"error":"<CODE>"}` (spec §7) with the code's status, `FLOOD_WAIT_<n>` as 429
 * with `Retry-After: n` (reference §4), or latency, or a dropped connection.
 */
import type { FastifyBaseLogger } from 'fastify';
import { GATEWAY_ERRORS } from './errors.js';
import type { GatewayAnswer } from './gateway-answer.js';
import type { FaultRule } from '../platform/faults/faults.js';
import type { Platform } from '../platform/assembly/platform.js';
import { faultEffect, faultEvent } from '../platform/timeline/timeline-events.js';
import { setTimeout as delay } from 'node:timers/promises';

const DEFAULT_FLOOD_WAIT = 5;
/** Codes the reference names that the catalogue does not answer by itself. */
const EXTRA_STATUSES: Readonly<Record<string, number>> = { PHONE_NUMBER_NOT_AVAILABLE: 400 };
/** The code for a rule that gives a status only. */
const CODE_FOR_STATUS: Readonly<Record<number, string>> = {
  400: 'PHONE_NUMBER_NOT_AVAILABLE',
  401: 'ACCESS_TOKEN_INVALID',
  404: 'UNKNOWN_METHOD',
  413: 'REQUEST_TOO_LARGE',
};

/** The code and status of a rule's error (status or error set). */
export function gatewayFaultError(rule: FaultRule): { status: number; code: string; retryAfter?: number } {
  let code = rule.error;
  if (code === undefined) {
    code =
      rule.status === 429
        ? `FLOOD_WAIT_${rule.retry_after ?? DEFAULT_FLOOD_WAIT}`
        : (CODE_FOR_STATUS[rule.status!] ?? 'INTERNAL_ERROR');
  }
  const flood = /^FLOOD_WAIT_(\d+)$/.exec(code);
  const status =
    rule.status ??
    (flood
      ? 429
      : (GATEWAY_ERRORS[code as keyof typeof GATEWAY_ERRORS]?.status ?? EXTRA_STATUSES[code] ?? 400));
  return flood ? { status, code, retryAfter: Number(flood[1]) } : { status, code };
}

/**
 * Applies the first rule of `rules` that faults this call: undefined when none does or the rule only
 * adds latency; else the answer (`drop`: the connection is closed).
 */
export async function gatewayFault(
  platform: Platform,
  accountId: number,
  rules: readonly FaultRule[],
  method: string,
  always200: boolean,
  log: FastifyBaseLogger,
): Promise<GatewayAnswer | undefined> {
  const rule = await platform.faults.take(rules, method.toLowerCase());
  if (!rule) return undefined;
  log.warn(
    {
      fault: rule.id,
      surface: 'gateway',
      accountId,
      method,
      error: rule.error,
      status: rule.status,
      drop: rule.drop,
    },
    'fault injected',
  );
  const error = rule.status === undefined && rule.error === undefined ? undefined : gatewayFaultError(rule);
  // The timeline (ADR 0099): every rule that fires, latency alone included.
  const { timeline } = platform;
  if (timeline.enabled) {
    const answered = error && `${always200 ? 200 : error.status} ${error.code}`;
    const effect = faultEffect({ latencyMs: rule.latency_ms, drop: rule.drop, answered });
    timeline.record(faultEvent(timeline.now(), null, method, `gateway account ${accountId}, ${effect}`));
  }
  if (rule.latency_ms) await delay(rule.latency_ms);
  if (rule.drop) return { status: 0, body: '', drop: true };
  if (error === undefined) return undefined;
  const { status, code, retryAfter } = error;
  const answer: GatewayAnswer = {
    status: always200 ? 200 : status,
    body: JSON.stringify({ ok: false, error: code }),
  };
  if (retryAfter !== undefined) answer.retryAfter = retryAfter;
  return answer;
}
