/**
 * GET /web/api/inspector/events: the operator's inspector's live feed (ADR 0055), Server-Sent
 * Events naming which part changed (`bots`: updates queued, webhooks set, deliveries; `gateway`:
 * requests, reports, jobs; `clock`; `timeline`: events recorded, ADR 0099). The page reads that
 * part again through the control API. Authenticated with the admin token, as the control API is.
 */
import type { ServerResponse } from 'node:http';
import type { Platform } from '../../platform/assembly/platform.js';
import { openSseStream } from '../sse-stream.js';

export async function openInspectorEvents(platform: Platform, raw: ServerResponse): Promise<void> {
  const { bus } = platform.deps;
  const stream = openSseStream(raw);
  const send = (area: 'bots' | 'gateway' | 'clock' | 'timeline' | 'all') => stream.send('changed', { area });
  const unsubscribe = [
    bus.on('updates.queued', () => send('bots')),
    bus.on('webhook.changed', () => send('bots')),
    bus.on('callback.answered', () => send('bots')),
    bus.on('gateway.jobs.queued', () => send('gateway')),
    bus.on('gateway.requests.changed', () => send('gateway')),
    bus.on('clock.advanced', () => send('clock')),
    bus.on('timeline.appended', () => send('timeline')), // ADR 0099
    bus.on('events.resumed', () => send('all')),
  ];
  stream.send('ready', {});
  await stream.closed;
  for (const off of unsubscribe) off();
}
