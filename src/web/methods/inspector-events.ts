/**
 * GET /web/api/inspector/events: the operator's inspector's live feed (ADR 0055), Server-Sent
 * Events naming which part changed (`bots`: updates queued, webhooks set, deliveries; `gateway`:
 * requests, reports, jobs; `clock`). The page reads that part again through the control API.
 * Authenticated with the admin token, as the control API is.
 */
import type { ServerResponse } from 'node:http';
import type { Platform } from '../../platform/core/platform.js';

const HEARTBEAT_MS = 20_000;

export async function openInspectorEvents(platform: Platform, raw: ServerResponse): Promise<void> {
  const { bus } = platform.deps;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const send = (area: 'bots' | 'gateway' | 'clock' | 'all') => {
    if (!raw.writableEnded) raw.write(`event: changed\ndata: ${JSON.stringify({ area })}\n\n`);
  };
  const unsubscribe = [
    bus.on('updates.queued', () => send('bots')),
    bus.on('webhook.changed', () => send('bots')),
    bus.on('callback.answered', () => send('bots')),
    bus.on('gateway.jobs.queued', () => send('gateway')),
    bus.on('gateway.requests.changed', () => send('gateway')),
    bus.on('clock.advanced', () => send('clock')),
    bus.on('events.resumed', () => send('all')),
  ];
  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  raw.write('event: ready\ndata: {}\n\n');
  await new Promise<void>((resolve) => raw.once('close', resolve));
  clearInterval(heartbeat);
  for (const off of unsubscribe) off();
}
