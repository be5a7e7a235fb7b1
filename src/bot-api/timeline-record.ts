/**
 * A Bot API call as the timeline records it (ADR 0099): the call with its parameters and answer, and
 * for getUpdates each update it handed over. Off the answer's path: the rows are written with the
 * others of the turn (platform/timeline/timeline.ts).
 */
import type { Params } from './params.js';
import type { Platform } from '../platform/core/platform.js';
import { callEvent, deliveryEvent } from '../platform/timeline/timeline-events.js';

/** What recordCall reads of a call's answer (call-method.ts's Envelope). */
interface CallAnswer {
  status: number;
  body: string;
  drop?: boolean;
}

export function recordCall(
  platform: Platform,
  botId: number,
  method: string,
  params: Params,
  envelope: CallAnswer,
  durationMs: number,
): void {
  const { timeline } = platform;
  if (envelope.drop || !timeline.enabled) return; // a fault closed the connection: the fault is recorded
  const at = timeline.now();
  timeline.record(
    callEvent({
      at,
      botId,
      method,
      params: params.record(),
      status: envelope.status,
      body: envelope.body,
      durationMs,
    }),
  );
  if (envelope.status !== 200 || method.toLowerCase() !== 'getupdates') return;
  // What getUpdates handed over: one row per update (parsed only here, for this method).
  const answer = JSON.parse(envelope.body) as { result?: Array<Record<string, unknown>> };
  for (const update of answer.result ?? []) {
    const type = Object.keys(update).find((key) => key !== 'update_id') ?? 'unknown';
    timeline.record(
      deliveryEvent({
        at,
        botId,
        updateId: Number(update.update_id),
        type,
        payload: update[type],
        via: 'getUpdates',
        status: 'delivered',
      }),
    );
  }
}
