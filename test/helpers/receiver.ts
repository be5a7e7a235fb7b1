/**
 * A webhook receiver on loopback that records every request and answers as the test says.
 */
import { createServer as createHttp, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttps } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  json: Record<string, unknown> & { update_id: number; message?: { text: string; chat: { id: number } } };
  at: number;
}

export type Responder = (request: Received, response: ServerResponse) => void | Promise<void>;

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** TCP connections accepted (a refused target must not even be connected to). */
  connections: number;
  /** Requests being handled right now, and the most seen at once. */
  inFlight: number;
  maxInFlight: number;
  respond: Responder;
  close(): Promise<void>;
}

export async function startReceiver(
  respond: Responder = (_r, response) => void response.end(),
  tls?: { key: string; cert: string },
  /** Where to listen: any 127.x.y.z works on Linux, for a fixed port that others do not hold. */
  at: { host: string; port: number } = { host: '127.0.0.1', port: 0 },
): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    port: 0,
    received: [],
    connections: 0,
    inFlight: 0,
    maxInFlight: 0,
    respond,
    close: async () => {},
  };
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk) => (body += String(chunk)));
    request.on('end', () => {
      const entry: Received = {
        path: request.url ?? '',
        headers: request.headers,
        body,
        json: JSON.parse(body || '{}') as Received['json'],
        at: Date.now(),
      };
      receiver.received.push(entry);
      receiver.inFlight += 1;
      receiver.maxInFlight = Math.max(receiver.maxInFlight, receiver.inFlight);
      response.on('close', () => (receiver.inFlight -= 1));
      void receiver.respond(entry, response);
    });
  };
  const server = tls ? createHttps({ key: tls.key, cert: tls.cert }, handler) : createHttp(handler);
  server.on('connection', () => (receiver.connections += 1));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `${tls ? 'https' : 'http'}://${at.host}:${receiver.port}/hook`;
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** Texts of the message updates received, in arrival order. */
export const texts = (receiver: Receiver) => receiver.received.map((r) => r.json.message?.text);
