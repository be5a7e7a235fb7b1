/**
 * A Server-Sent Events stream on a hijacked response (the web client's live feeds, ADR 0055): the
 * headers, `event:`/`data:` frames, and a comment line every 20 s so that proxies do not close an
 * idle stream. `closed` resolves when the client goes away.
 */
import type { ServerResponse } from 'node:http';

const HEARTBEAT_MS = 20_000;

export interface SseStream {
  send(event: string, data: unknown): void;
  closed: Promise<void>;
}

export function openSseStream(raw: ServerResponse): SseStream {
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const closed = new Promise<void>((resolve) =>
    raw.once('close', () => {
      clearInterval(heartbeat);
      resolve();
    }),
  );
  return {
    send: (event, data) => {
      if (!raw.writableEnded) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    closed,
  };
}
