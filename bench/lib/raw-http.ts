/**
 * The load generator's HTTP/1.1 client: one keep-alive socket per connection, one request in flight
 * on it, the request written as one buffer and the answer read with just enough parsing to find its
 * end (Content-Length or chunked). It costs the client a fraction of what a general client (undici)
 * does per request, so that a fast baseline (the bare echo) measures the server rather than the
 * client: with undici the client needed most of a core to keep the echo busy.
 *
 * Loopback benchmarks only: no TLS, no redirects, no 1xx answers, no pipelining.
 */
import { connect, type Socket } from 'node:net';

export interface RawRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface RawAnswer {
  status: number;
  text: string;
}

const CRLF2 = Buffer.from('\r\n\r\n');

/** The bytes of a request, Host and Content-Length included. */
export function requestBytes(host: string, request: RawRequest): Buffer {
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  let head = `${request.method} ${request.path} HTTP/1.1\r\nhost: ${host}\r\n`;
  for (const [name, value] of Object.entries(request.headers ?? {})) head += `${name}: ${value}\r\n`;
  if (body) head += `content-length: ${body.length}\r\n`;
  head += '\r\n';
  return body ? Buffer.concat([Buffer.from(head, 'latin1'), body]) : Buffer.from(head, 'latin1');
}

interface Pending {
  resolve: (answer: RawAnswer) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** One keep-alive connection; reconnects when the server closes it. */
export class RawConnection {
  readonly #host: string;
  readonly #port: number;
  readonly #timeoutMs: number;
  #socket: Socket | undefined;
  #pending: Pending | undefined;
  #buffer: Buffer = Buffer.alloc(0);

  constructor(origin: string, timeoutMs: number) {
    const url = new URL(origin);
    this.#host = url.host;
    this.#port = Number(url.port || 80);
    this.#timeoutMs = timeoutMs;
  }

  request(request: RawRequest): Promise<RawAnswer> {
    if (this.#pending) return Promise.reject(new Error('one request at a time per connection'));
    const bytes = requestBytes(this.#host, request);
    return new Promise<RawAnswer>((resolve, reject) => {
      const timer = setTimeout(() => this.#fail(new Error('request timed out')), this.#timeoutMs);
      this.#pending = { resolve, reject, timer };
      this.#connected().write(bytes);
    });
  }

  close(): void {
    this.#socket?.destroy();
    this.#socket = undefined;
  }

  #connected(): Socket {
    if (this.#socket && !this.#socket.destroyed) return this.#socket;
    const socket = connect({ host: '127.0.0.1', port: this.#port, noDelay: true });
    this.#buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => this.#onData(chunk));
    socket.on('error', (error) => this.#fail(error));
    socket.on('close', () => {
      if (this.#socket === socket) this.#socket = undefined;
      this.#fail(new Error('connection closed'));
    });
    this.#socket = socket;
    return socket;
  }

  #fail(error: Error): void {
    const pending = this.#pending;
    if (!pending) return;
    this.#pending = undefined;
    clearTimeout(pending.timer);
    this.close();
    pending.reject(error);
  }

  #onData(chunk: Buffer): void {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    const parsed = parseAnswer(this.#buffer);
    if (!parsed) return;
    this.#buffer = this.#buffer.subarray(parsed.length);
    const pending = this.#pending;
    this.#pending = undefined;
    if (!pending) return;
    clearTimeout(pending.timer);
    if (parsed.close) this.close();
    pending.resolve({ status: parsed.status, text: parsed.body.toString('utf8') });
  }
}

/** A whole answer at the start of `buffer`, or undefined while it is incomplete. */
export function parseAnswer(
  buffer: Buffer,
): { status: number; body: Buffer; length: number; close: boolean } | undefined {
  const headEnd = buffer.indexOf(CRLF2);
  if (headEnd < 0) return undefined;
  const head = buffer.toString('latin1', 0, headEnd).toLowerCase();
  const status = Number(head.slice(9, 12));
  const close = /\r\nconnection: *close/.test(head);
  const bodyStart = headEnd + 4;
  const lengthMatch = /\r\ncontent-length: *(\d+)/.exec(head);
  if (lengthMatch) {
    const end = bodyStart + Number(lengthMatch[1]);
    if (buffer.length < end) return undefined;
    return { status, body: buffer.subarray(bodyStart, end), length: end, close };
  }
  if (/\r\ntransfer-encoding: *chunked/.test(head)) {
    const parts: Buffer[] = [];
    let at = bodyStart;
    for (;;) {
      const lineEnd = buffer.indexOf('\r\n', at);
      if (lineEnd < 0) return undefined;
      const size = parseInt(buffer.toString('latin1', at, lineEnd), 16);
      const dataEnd = lineEnd + 2 + size;
      if (buffer.length < dataEnd + 2) return undefined;
      if (size === 0) {
        // The last chunk, then (no trailers here) the empty line.
        return { status, body: Buffer.concat(parts), length: dataEnd + 2, close };
      }
      parts.push(buffer.subarray(lineEnd + 2, dataEnd));
      at = dataEnd + 2;
    }
  }
  // No length: the body runs to the close (not used by the servers measured); 204/304 have none.
  return { status, body: Buffer.alloc(0), length: bodyStart, close };
}
