/**
 * The test kit's transport to its in-process server without sockets (issue 28): a `fetch` that
 * hands a request for the server's own origin straight to the server's request handler (its lanes,
 * ADR 0005, and a workspace's under `/w/NAME/`, ADR 0061), as an in-memory request and response,
 * and builds the `Response` from what the handler wrote. A loopback HTTP call cost both sides their
 * HTTP machinery (undici's fetch, Node's parser and writer, the socket): about a third of a
 * workspace's create and reset, and most of an echo exchange's CPU.
 *
 * What the lanes do not take (the Fastify routes: uploads, the web client, the rest of the control
 * API) goes over the loopback as before: the handler declines the in-memory request
 * (`InProcessRequest.decline`, app.ts), which the lanes leave unread, and the same request is sent
 * through the global fetch. So are requests whose body is a stream or a form (grammY's multipart
 * uploads), requests given as a `Request`, and every request for another origin or after the server
 * began to close, and a redirect that fetch would follow. A lane therefore sees the same method,
 * URL, headers and body either way. An in-memory answer's `url` is empty and `redirected` false.
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { HeldBody } from '../http/http-lane.js';
import { inMemoryResponse } from './in-memory-response.js';

const EMPTY = Buffer.alloc(0);

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * An in-memory request as Node's HTTP server would hand it over: method, URL, lower-case headers,
 * and the body as a stream that ends.
 */
export class InProcessRequest extends Readable implements HeldBody {
  readonly method: string;
  url: string;
  readonly headers: Record<string, string>;
  readonly socket = { remoteAddress: '127.0.0.1', remotePort: 0, encrypted: false };
  readonly #declined: () => void;
  /** The body, until the lane takes it (`takeBody`) or the stream is read. */
  #body: Buffer | undefined;

  constructor(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: Buffer | undefined,
    declined: () => void,
  ) {
    super();
    this.method = method;
    this.url = url;
    this.headers = headers;
    this.#declined = declined;
    this.#body = body;
  }

  /** The lanes read the body here (http-lane.ts `readBody`), without the stream's events. */
  takeBody(): Buffer {
    const body = this.#body ?? EMPTY;
    this.#body = undefined;
    return body;
  }

  /** Read as a stream: the body (unless taken), then the end. */
  override _read(): void {
    const body = this.#body;
    this.#body = undefined;
    if (body !== undefined && body.length > 0) this.push(body);
    this.push(null);
  }

  /** No lane took it: it goes over the loopback, to the Fastify app (app.ts `handle`). */
  decline(response: ServerResponse): void {
    this.#declined();
    (response as unknown as InProcessResponse).abandon();
  }
}

/** The part of `ServerResponse` that the lanes write with, kept in memory. */
class InProcessResponse extends EventEmitter {
  statusCode = 200;
  headersSent = false;
  writableEnded = false;
  destroyed = false;
  readonly #headers: Record<string, string | string[]> = {};
  readonly #chunks: Buffer[] = [];

  constructor(
    private readonly answered: (response: Response) => void,
    private readonly dropped: (error: Error) => void,
    private readonly head: boolean,
  ) {
    super();
  }

  setHeader(name: string, value: number | string | readonly string[]): this {
    this.#headers[name.toLowerCase()] =
      typeof value === 'number' ? String(value) : (value as string | string[]);
    return this;
  }

  getHeader(name: string): string | string[] | undefined {
    return this.#headers[name.toLowerCase()];
  }

  hasHeader(name: string): boolean {
    return name.toLowerCase() in this.#headers;
  }

  removeHeader(name: string): void {
    delete this.#headers[name.toLowerCase()];
  }

  writeHead(
    status: number,
    reasonOrHeaders?: string | OutgoingHttpHeaders | readonly unknown[],
    maybeHeaders?: OutgoingHttpHeaders | readonly unknown[],
  ): this {
    this.statusCode = status;
    const headers = typeof reasonOrHeaders === 'string' ? maybeHeaders : reasonOrHeaders;
    if (Array.isArray(headers)) {
      // Node's flat form: name, value, name, value...
      for (let i = 0; i + 1 < headers.length; i += 2)
        this.setHeader(String(headers[i]), String(headers[i + 1]));
    } else if (headers !== undefined) {
      for (const [name, value] of Object.entries(headers as OutgoingHttpHeaders)) {
        if (value !== undefined) this.setHeader(name, value);
      }
    }
    this.headersSent = true;
    return this;
  }

  write(
    chunk: string | Uint8Array,
    encoding?: BufferEncoding | (() => void),
    callback?: () => void,
  ): boolean {
    if (!this.headersSent) this.writeHead(this.statusCode);
    if (chunk !== undefined && chunk !== null) {
      this.#chunks.push(
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8')
          : Buffer.from(chunk),
      );
    }
    const done = typeof encoding === 'function' ? encoding : callback;
    if (done) process.nextTick(done);
    return true;
  }

  end(
    chunk?: string | Uint8Array | (() => void),
    encoding?: BufferEncoding | (() => void),
    callback?: () => void,
  ): this {
    if (this.writableEnded) return this;
    if (typeof chunk === 'function') {
      callback = chunk;
      chunk = undefined;
    }
    if (chunk !== undefined && chunk !== null) this.write(chunk, encoding);
    else if (!this.headersSent) this.writeHead(this.statusCode);
    this.writableEnded = true;
    const done = typeof encoding === 'function' ? encoding : callback;
    const status = this.statusCode;
    // A null-body status, and any answer to HEAD, carries no body (as on the wire).
    const bodyless = this.head || NULL_BODY_STATUSES.has(status);
    const body = bodyless ? null : this.#chunks.length === 1 ? this.#chunks[0]! : Buffer.concat(this.#chunks);
    this.answered(inMemoryResponse(body, { status, headers: this.#headers as ResponseInit['headers'] }));
    process.nextTick(() => {
      done?.();
      this.emit('finish');
      this.emit('close');
    });
    return this;
  }

  /** The server dropped the request: the client sees a network error, as when a socket is cut. */
  destroy(): this {
    if (this.destroyed) return this;
    this.destroyed = true;
    if (!this.writableEnded)
      this.dropped(new TypeError('fetch failed', { cause: new Error('socket hang up') }));
    process.nextTick(() => this.emit('close'));
    return this;
  }

  /** The client went away (its signal aborted) or the request was declined: `close` before an end. */
  abandon(): void {
    if (this.destroyed || this.writableEnded) return;
    this.destroyed = true;
    process.nextTick(() => this.emit('close'));
  }
}

/** Statuses whose answer has no body (the Fetch standard's null body statuses). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** Redirects, which a fetch follows unless told not to (the loopback does, with its own fetch). */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The request's headers as Node's server presents them (lower-case names); undefined: not plain. */
function requestHeaders(init: RequestInit['headers']): Record<string, string> | undefined {
  const headers: Record<string, string> = {};
  if (init === undefined) return headers;
  if (init instanceof Headers) {
    init.forEach((value, name) => (headers[name] = value));
  } else if (Array.isArray(init)) {
    for (const [name, value] of init as Array<[string, string]>) headers[name.toLowerCase()] = value;
  } else if (typeof init === 'object') {
    for (const [name, value] of Object.entries(init as Record<string, string>)) {
      headers[name.toLowerCase()] = value;
    }
  } else return undefined;
  return headers;
}

/** The body's bytes and default type, or undefined for a body this transport leaves to the loopback. */
function requestBody(body: RequestInit['body']): { bytes: Buffer | undefined; type?: string } | undefined {
  if (body === undefined || body === null) return { bytes: undefined };
  if (typeof body === 'string') return { bytes: Buffer.from(body), type: 'text/plain;charset=UTF-8' };
  if (body instanceof URLSearchParams) {
    return { bytes: Buffer.from(body.toString()), type: 'application/x-www-form-urlencoded;charset=UTF-8' };
  }
  if (body instanceof ArrayBuffer) return { bytes: Buffer.from(body) };
  if (ArrayBuffer.isView(body)) return { bytes: Buffer.from(body.buffer, body.byteOffset, body.byteLength) };
  return undefined;
}

export interface InProcessFetchOptions {
  /** The server's origin (`http://127.0.0.1:PORT`): requests for it go to `handle`. */
  origin: string;
  handle: Handler;
  /** Whether the server began to close: from then on every request goes over the loopback. */
  closing: () => boolean;
}

/**
 * Node's fetch takes only its own AbortSignal (Node 24 refuses others): a library's look-alike
 * (grammY's on Node) is followed by one of Node's.
 */
function nativeSignal(init: RequestInit | undefined): RequestInit | undefined {
  const signal = init?.signal as AbortSignal | null | undefined;
  if (!signal || (signal as unknown) instanceof AbortSignal) return init;
  const controller = new AbortController();
  if (signal.aborted) controller.abort(signal.reason);
  else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  return { ...init, signal: controller.signal };
}

/** A `fetch` that answers requests for `origin` by `handle` in this process (see the file's header). */
export function inProcessFetch(options: InProcessFetchOptions): typeof fetch {
  const { origin, handle, closing } = options;
  const host = new URL(origin).host;
  const network = (input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    fetch(input, nativeSignal(init));
  return (input, init) => {
    if (typeof input !== 'string' && !(input instanceof URL)) return network(input, init);
    const url = String(input);
    if (closing() || !url.startsWith(origin) || (url.length > origin.length && url[origin.length] !== '/')) {
      return network(input, init);
    }
    const headers = requestHeaders(init?.headers);
    const body = requestBody(init?.body);
    if (headers === undefined || body === undefined) return network(input, init);
    const signal = init?.signal ?? undefined;
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    const method = (init?.method ?? 'GET').toUpperCase();
    headers.host ??= host;
    if (body.bytes !== undefined) {
      headers['content-length'] ??= String(body.bytes.length);
      if (body.type !== undefined) headers['content-type'] ??= body.type;
    }
    const follow = (init?.redirect ?? 'follow') !== 'manual';
    // Settled by the answer, or by the loopback's answer (a declined request, a redirect to follow):
    // no step between the handler's end and the caller's.
    return new Promise<Response>((resolve, reject) => {
      const response = new InProcessResponse(
        // A redirect (a workspace's root, to its web client) is followed as fetch follows it, over
        // the loopback: the request had no effect but the redirect.
        (answer) => resolve(follow && REDIRECTS.has(answer.status) ? network(input, init) : answer),
        reject,
        method === 'HEAD',
      );
      const request = new InProcessRequest(method, url.slice(origin.length) || '/', headers, body.bytes, () =>
        resolve(network(input, init)),
      );
      if (signal) {
        const onAbort = () => {
          response.abandon();
          reject(signal.reason as Error);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        response.once('close', () => signal.removeEventListener('abort', onAbort));
      }
      handle(request as unknown as IncomingMessage, response as unknown as ServerResponse);
    });
  };
}
