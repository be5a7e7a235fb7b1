/**
 * What the webhook worker records of each delivery attempt (the webhook delivery log, ADR 0059;
 * storage/ports/webhook-log.ts). Kept out of the worker so that its hot path only builds a row.
 */
import type { NewTimelineEvent, NewWebhookAttempt, UpdateRow } from '../storage/store.js';
import { deliveryEvent } from '../platform/timeline/timeline-events.js';

/** The webhook url as the log shows it: without user info (credentials); the path and query stay. */
export function loggedUrl(webhookUrl: string): string {
  if (webhookUrl === '') return '';
  try {
    const url = new URL(webhookUrl);
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return '';
  }
}

export interface AttemptOutcome {
  url: string;
  /** The request body's size in bytes. */
  bytes: number;
  statusCode: number | null;
  error: string | null;
  outcome: NewWebhookAttempt['outcome'];
  /** Real ms the attempt took. */
  durationMs: number;
  /** Virtual ms of its start. */
  startedAt: number;
  nextAttemptAt: number | null;
}

/** The log row of one attempt at `row`; the payload is kept when the attempt ended the update. */
export function attemptRow(row: UpdateRow, attempt: number, outcome: AttemptOutcome): NewWebhookAttempt {
  return {
    bot_id: row.bot_id,
    update_id: row.update_id,
    update_type: row.type,
    queue_key: row.queue_key,
    url: outcome.url,
    attempt,
    request_bytes: outcome.bytes,
    status_code: outcome.statusCode,
    error: outcome.error,
    outcome: outcome.outcome,
    duration_ms: Math.max(0, Math.round(outcome.durationMs)),
    created_at: outcome.startedAt,
    next_attempt_at: outcome.nextAttemptAt,
    payload: outcome.outcome === 'failed' ? null : row.payload,
  };
}

/** The timeline's row of an attempt (ADR 0099), written in the attempt's write. */
export function attemptEvent(logged: NewWebhookAttempt, payload = logged.payload): NewTimelineEvent {
  return deliveryEvent({
    at: logged.created_at,
    botId: logged.bot_id,
    updateId: logged.update_id,
    type: logged.update_type,
    payload,
    via: 'webhook',
    status: logged.outcome,
    detail: logged.error ?? (logged.status_code === null ? undefined : `HTTP ${logged.status_code}`),
    durationMs: logged.duration_ms,
  });
}
