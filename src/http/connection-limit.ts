/**
 * Limits on what one client can hold of the server's sockets (docs/adr/0017-connection-limits.md),
 * beside Node's own request timeouts (headers, whole request, keep-alive idle):
 *
 * - at most `maxPerClient` open connections per remote address (0: no cap, the `local` profile's
 *   default). One over the cap is answered at once with `503 Service Unavailable`, `Retry-After` and
 *   `Connection: close`, written as it is accepted and before a byte of it is read, so it costs no
 *   request of it is served; what the client then sends is read and dropped until it closes (a
 *   connection closed with unread bytes would reach the client as a reset, not as the answer), for
 *   at most `REFUSED_LINGER_MS`. (Node's HTTP parser is attached before this module hears of the
 *   socket and still parses what comes: the request callback asks `isRefused` and ignores it.) The first refusal of an address logs a line, and the next line
 *   comes only after the address has dropped below its cap again;
 * - a connection that sends nothing at all is closed after `firstByteMs`: Node's headers timeout
 *   starts only with a request's first byte, so a silent connection would otherwise stay forever.
 *
 * The count of an address lives from its first connection's accept to its last one's close.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimitOptions {
  /** 0: no cap. */
  maxPerClient: number;
  firstByteMs: number;
  /** Told of an address's first refused connection while it is over the cap. */
  onRefused?: (address: string, cap: number) => void;
}

/** Seconds the refused client is asked to wait. */
export const REFUSED_RETRY_AFTER_S = 1;
/** How long a refused connection is drained before it is dropped. */
export const REFUSED_LINGER_MS = 2_000;

/**
 * One body every surface's clients can read: the Bot API's `error_code` and `description`, the
 * gateway's and the control API's `error` (the surface is not known before the request is read).
 */
const REFUSED_BODY = JSON.stringify({
  ok: false,
  error_code: 503,
  error: 'TOO_MANY_CONNECTIONS',
  description: 'Service Unavailable: too many open connections from this address',
  parameters: { retry_after: REFUSED_RETRY_AFTER_S },
});
const REFUSED_ANSWER =
  'HTTP/1.1 503 Service Unavailable\r\n' +
  'Content-Type: application/json\r\n' +
  `Content-Length: ${Buffer.byteLength(REFUSED_BODY)}\r\n` +
  `Retry-After: ${REFUSED_RETRY_AFTER_S}\r\n` +
  'Connection: close\r\n\r\n' +
  REFUSED_BODY;

/** Applies the limits to `server`; answers whether a socket was refused (its requests are ignored). */
export function limitConnections(
  server: Server,
  options: ConnectionLimitOptions,
): (socket: Socket) => boolean {
  const open = new Map<string, number>();
  const refused = new WeakSet<Socket>();
  /** Addresses that were refused since they last dropped below the cap (for one log line each). */
  const refusing = new Set<string>();
  const { maxPerClient, firstByteMs, onRefused } = options;
  server.on('connection', (socket: Socket) => {
    // A socket whose peer is already gone has no address; Node closes it by itself.
    const address = socket.remoteAddress;
    if (address === undefined) return;
    if (maxPerClient > 0) {
      const count = open.get(address) ?? 0;
      if (count >= maxPerClient) {
        refused.add(socket);
        refuse(socket);
        if (!refusing.has(address)) {
          refusing.add(address);
          onRefused?.(address, maxPerClient);
        }
        return;
      }
      open.set(address, count + 1);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left === 0) open.delete(address);
        else open.set(address, left);
        if (left < maxPerClient) refusing.delete(address);
      });
    }
    const silent = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, firstByteMs);
    silent.unref();
    socket.once('close', () => clearTimeout(silent));
  });
  return (socket) => refused.has(socket);
}

/** Answers 503 and ends the connection, reading what comes until the client closes. */
function refuse(socket: Socket): void {
  socket.on('error', () => {});
  socket.end(REFUSED_ANSWER);
  const linger = setTimeout(() => socket.destroy(), REFUSED_LINGER_MS);
  linger.unref();
  socket.once('close', () => clearTimeout(linger));
}
