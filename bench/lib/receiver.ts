/**
 * A webhook (or delivery report) receiver on loopback, in the bench process: reads each POST, answers
 * 200 at once, counts arrivals and their times, and can wake a waiter on the next arrival.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface Arrival {
  at: number;
  body: string;
  headers: IncomingHttpHeaders;
}

export interface Receiver {
  url: string;
  count: number;
  firstAt: number;
  lastAt: number;
  /** Keeps the last arrivals' bodies and headers when true (round trips, signatures). */
  keep: boolean;
  kept: Arrival[];
  /** Resolves at the next arrival (performance.now() time) with its body. */
  next(): Promise<Arrival>;
  reset(): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  let waiters: Array<(arrival: Arrival) => void> = [];
  const receiver: Receiver = {
    url: '',
    count: 0,
    firstAt: 0,
    lastAt: 0,
    keep: false,
    kept: [],
    next: () => new Promise((resolve) => waiters.push(resolve)),
    reset() {
      receiver.count = 0;
      receiver.firstAt = 0;
      receiver.lastAt = 0;
      receiver.kept = [];
    },
    close: async () => {},
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      if (receiver.count === 0) receiver.firstAt = at;
      receiver.count += 1;
      receiver.lastAt = at;
      response.writeHead(200, { 'content-length': 0 });
      response.end();
      if (receiver.keep || waiters.length > 0) {
        const arrival: Arrival = {
          at,
          body: Buffer.concat(chunks).toString('utf8'),
          headers: request.headers,
        };
        if (receiver.keep) receiver.kept.push(arrival);
        const woken = waiters;
        waiters = [];
        for (const wake of woken) wake(arrival);
      }
    });
  });
  server.keepAliveTimeout = 500_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = `http://127.0.0.1:${port}/hook`;
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
