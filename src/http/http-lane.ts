/**
 * The fast lane (ADR 0005): the Bot API's and the gateway's plain calls are answered straight from
 * Node's HTTP server, without Fastify's routing, hooks and per-request child logger, which together
 * cost about 40% of a bare server's throughput on this hot path. Everything a lane does not take
 * (uploads, other verbs, every other surface) goes to Fastify as before, and each surface's answers
 * are made by the same code either way: a lane only reads the body and writes the envelope.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { limitConnections } from './connection-limit.js';

export interface Lane {
  /**
   * Takes the request and answers it, or returns false (having read nothing) to leave it to Fastify.
   * Decided from the method, the URL and the headers only.
   */
  take(request: IncomingMessage, response: ServerResponse): boolean;
}

export interface LaneServerOptions {
  lanes: readonly Lane[];
  /** Idle time after which a keep-alive connection is closed. */
  keepAliveTimeout: number;
  /** Time for a whole request, headers and body, to arrive (0: none); past it, 408 and close. */
  requestTimeout: number;
  /** Time for a request's headers, and for a new connection's first byte, to arrive. */
  headersTimeout: number;
  /** Open connections per remote address (0: no cap); more are answered 503 as they are accepted. */
  maxConnectionsPerClient: number;
  /** Told of an address's first connection over the cap (a log line). */
  onConnectionRefused?: (address: string, cap: number) => void;
  /** Answers given while stopping carry `Connection: close`. */
  stopping: AbortSignal;
}

/** Fastify's `serverFactory`: a node:http server offering each request to the lanes first. */
export function laneServerFactory(options: LaneServerOptions) {
  return (fastify: (request: IncomingMessage, response: ServerResponse) => void): Server => {
    const { lanes, requestTimeout, headersTimeout } = options;
    const server = createServer(
      {
        keepAliveTimeout: options.keepAliveTimeout,
        requestTimeout,
        headersTimeout,
        // Node checks the two timeouts above every 30 s by default, which would let a 10 s timeout
        // run to 40 s; a second (less for short test timeouts) keeps them near what they say. The
        // headers' timeout is the shorter one (config/config.ts connectionLimits).
        connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(headersTimeout / 4))),
      },
      (request, response) => {
        // A connection over the cap was answered 503 as it was accepted (http/connection-limit.ts).
        if (isRefused(request.socket)) return void request.resume();
        for (const lane of lanes) if (lane.take(request, response)) return;
        fastify(request, response);
      },
    );
    const isRefused = limitConnections(server, {
      maxPerClient: options.maxConnectionsPerClient,
      firstByteMs: headersTimeout,
      onRefused: options.onConnectionRefused,
    });
    return server;
  };
}

export class BodyTooLarge extends Error {
  constructor() {
    super('request body too large');
  }
}

/**
 * A request whose body is in memory already (the test kit's in-process transport,
 * server/in-process-fetch.ts): its bytes are taken as they are, without the stream's events (a
 * `data`, an `end` and the ticks between them were a tenth of an in-process exchange, issue 28).
 */
export interface HeldBody {
  /** The body's bytes, once; the stream then ends without them. */
  takeBody(): Buffer;
}

function heldBody(request: IncomingMessage): HeldBody | undefined {
  const held = request as IncomingMessage & Partial<HeldBody>;
  return typeof held.takeBody === 'function' ? (held as HeldBody) : undefined;
}

/** The whole body, refused past `limit` bytes (by Content-Length at once, else while reading). */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = request.headers['content-length'];
    if (declared !== undefined && Number(declared) > limit) {
      reject(new BodyTooLarge());
      return;
    }
    const held = heldBody(request)?.takeBody();
    if (held !== undefined) {
      if (held.length > limit) reject(new BodyTooLarge());
      else resolve(held);
      return;
    }
    let first: Buffer | undefined;
    let chunks: Buffer[] | undefined;
    let length = 0;
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) {
        request.off('data', onData);
        reject(new BodyTooLarge());
        return;
      }
      if (first === undefined) first = chunk;
      else (chunks ??= [first]).push(chunk);
    };
    request.on('data', onData);
    request.once('end', () => {
      if (length > limit) return;
      resolve(chunks ? Buffer.concat(chunks, length) : (first ?? Buffer.alloc(0)));
    });
    request.once('error', reject);
  });
}

/**
 * The whole body, or undefined when it cannot be read: past `limit` the request gets `refusal` (a
 * JSON answer) and its connection ends with it, as the rest of the body is not read; on a broken
 * request the connection is dropped.
 */
export async function readBodyOrRefuse(
  request: IncomingMessage,
  response: ServerResponse,
  limit: number,
  refusal: { status: number; body: string; type?: string },
  stopping: AbortSignal,
): Promise<Buffer | undefined> {
  try {
    return await readBody(request, limit);
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      writeJson(response, refusal.status, refusal.body, stopping, { connection: 'close' }, refusal.type);
      response.once('finish', () => request.destroy());
    } else request.destroy();
    return undefined;
  }
}

/** Writes a JSON answer of `status` (a body that is already JSON text), of Content-Type `type`. */
export function writeJson(
  response: ServerResponse,
  status: number,
  body: string,
  stopping: AbortSignal,
  extra?: Record<string, string>,
  type = 'application/json',
): void {
  // A flat list of names and values: the cheapest form for Node to write.
  const headers: string[] = ['content-type', type, 'content-length', String(Buffer.byteLength(body))];
  if (extra) for (const name of Object.keys(extra)) headers.push(name, extra[name]!);
  if (stopping.aborted && extra?.connection === undefined) headers.push('connection', 'close');
  response.writeHead(status, headers);
  response.end(body);
}

/** A bare status line with no body, closing the connection (for requests that cannot be read). */
export function writeBare(response: ServerResponse, status: number): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response.writeHead(status, { 'content-length': 0, connection: 'close' });
  response.end();
}

/** The path of a request URL, percent-decoded as Fastify's router does (undefined if malformed). */
export function decodedPath(url: string): string | undefined {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}
