/**
 * A Bot API call as the timeline records it (ADR 0099): the call with its parameters and answer, as
 * their texts were (redacted where they hold a secret). Off the answer's path: the rows are written
 * with the others of the turn (platform/timeline/timeline.ts). The updates getUpdates hands over are
 * recorded by the update queue, which knows which ones left (update-queue.ts), not read back here.
 */
import type { Params } from './params.js';
import type { Platform } from '../platform/assembly/platform.js';
import { callEvent } from '../platform/timeline/timeline-events.js';

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
  timeline.record(
    callEvent({
      at: timeline.now(),
      botId,
      method,
      request: params.recordText(),
      chatId: params.string('chat_id'),
      userId: params.string('user_id'),
      status: envelope.status,
      body: envelope.body,
      durationMs,
    }),
  );
}
