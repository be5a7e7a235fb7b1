/**
 * Limits on what one client can hold of the server's sockets (docs/adr/0017-connection-limits.md),
 * beside Node's own request timeouts (headers, whole request, keep-alive idle):
 *
 * - at most `maxPerClient` open connections per remote address; one over the cap is destroyed as it
 *   is accepted, before a byte of it is read, so it costs no parser and no request;
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
}

export function limitConnections(server: Server, options: ConnectionLimitOptions): void {
  const open = new Map<string, number>();
  const { maxPerClient, firstByteMs } = options;
  server.on('connection', (socket: Socket) => {
    // A socket whose peer is already gone has no address; Node closes it by itself.
    const address = socket.remoteAddress;
    if (address === undefined) return;
    if (maxPerClient > 0) {
      const count = open.get(address) ?? 0;
      if (count >= maxPerClient) {
        socket.destroy();
        return;
      }
      open.set(address, count + 1);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left === 0) open.delete(address);
        else open.set(address, left);
      });
    }
    const silent = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, firstByteMs);
    silent.unref();
    socket.once('close', () => clearTimeout(silent));
  });
}
