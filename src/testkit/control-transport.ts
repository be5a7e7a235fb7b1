/**
 * How the test kit's control client talks to the server: one JSON request and its envelope, long
 * polls that outlast fetch's own timeout, and a file's bytes. control-client.ts builds every method
 * on it.
 */
import { ControlApiError, UNEXPECTED_RESPONSE } from './control-api-error.js';
import type { ControlApiAnswer, DownloadedFile } from '../wire/control-types.js';

/**
 * How much longer than the server the client waits for an answer to a held request, so that the
 * server's `WAIT_TIMEOUT` always arrives before a client-side timeout would.
 */
const WAIT_MARGIN_SECONDS = 30;

/**
 * How long Node's own fetch waits for an answer's headers and body (undici's default dispatcher): a
 * wait that ends well within it goes through that fetch and its kept-alive connections; a longer one
 * gets a client of its own (`longPoll`). Issue 28: a client per wait cost a connection and its
 * teardown in every exchange of a test.
 */
const FETCH_TIMEOUT_SECONDS = 300;

interface RawAnswer {
  status: number;
  /** Read only to word a refusal that is not an envelope (an in-process answer's headers are lazy). */
  contentType: () => string | null;
  text: string;
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface RequestSpec {
  method: 'GET' | 'POST';
  /** Below `/control`, already encoded. */
  path: string;
  query?: Query;
  body?: object;
  /** Set for long polls: how long the server may hold the request, in seconds. */
  holdSeconds?: number;
  signal?: AbortSignal | undefined;
}

export class ControlTransport {
  readonly #baseUrl: string;
  /** `Bearer <admin token>`. */
  readonly #authorization: string;
  readonly #fetch: typeof fetch | undefined;

  constructor(url: string, adminToken: string, customFetch: typeof fetch | undefined) {
    // A base URL may carry a path prefix (a reverse proxy); only the trailing slash is dropped.
    this.#baseUrl = url.replace(/\/+$/, '');
    this.#authorization = `Bearer ${adminToken}`;
    this.#fetch = customFetch;
  }

  /** One request; its envelope's result, or a ControlApiError. */
  async call<T>(spec: RequestSpec): Promise<T> {
    const url = this.#url(spec.path, spec.query);
    const headers: Record<string, string> = {
      authorization: this.#authorization,
      accept: 'application/json',
    };
    const init: RequestInit = { method: spec.method, headers };
    if (spec.body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(spec.body);
    }
    if (spec.signal) init.signal = spec.signal;

    const raw = await this.#send(url, init, spec.holdSeconds);
    return unwrap<T>(raw, `${spec.method} /control${spec.path}`);
  }

  /** A GET whose 200 answer is a file's bytes (`X-Parley-File-Id` and its kin say what file). */
  async download(path: string, query: Query): Promise<DownloadedFile> {
    const headers = { authorization: this.#authorization };
    const response = await (this.#fetch ?? fetch)(this.#url(path, query), { method: 'GET', headers });
    // 200 is always the bytes (a file may well be JSON); anything else is the envelope of an error.
    if (response.status !== 200) {
      return unwrap<never>(await read(response), `GET /control${path}`);
    }
    const data = new Uint8Array(await response.arrayBuffer());
    const fileId = response.headers.get('x-parley-file-id');
    const uniqueId = response.headers.get('x-parley-file-unique-id');
    if (fileId === null || uniqueId === null) {
      throw new ControlApiError(
        response.status,
        UNEXPECTED_RESPONSE,
        `GET /control${path} answered without X-Parley-File-Id; is the URL that of a Parley server?`,
      );
    }
    const file: DownloadedFile = {
      data,
      mime_type: (response.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]!.trim(),
      file_id: fileId,
      file_unique_id: uniqueId,
    };
    const name = fileNameOf(response.headers.get('content-disposition'));
    if (name !== undefined) file.file_name = name;
    return file;
  }

  #url(path: string, query: Query | undefined): string {
    let url = `${this.#baseUrl}/control${path}`;
    if (query) {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined) search.set(key, String(value));
      }
      const encoded = search.toString();
      if (encoded) url += `?${encoded}`;
    }
    return url;
  }

  async #send(url: string, init: RequestInit, holdSeconds: number | undefined): Promise<RawAnswer> {
    if (this.#fetch) return read(await this.#fetch(url, init));
    if (holdSeconds === undefined || holdSeconds + WAIT_MARGIN_SECONDS <= FETCH_TIMEOUT_SECONDS) {
      return read(await fetch(url, init));
    }
    return longPoll(url, init, holdSeconds);
  }
}

async function longPoll(url: string, init: RequestInit, holdSeconds: number): Promise<RawAnswer> {
  const undici = await import('undici');
  const limitMs = (holdSeconds + WAIT_MARGIN_SECONDS) * 1000;
  const agent = new undici.Agent({ headersTimeout: limitMs, bodyTimeout: limitMs });
  try {
    const response = await undici.fetch(url, {
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body as string | undefined,
      signal: init.signal ?? null,
      dispatcher: agent,
    });
    return read(response);
  } finally {
    // One agent per wait: nothing stays open once the answer is read, and no client state to close.
    await agent.destroy();
  }
}

function fileNameOf(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1];
}

async function read(response: Pick<Response, 'status' | 'headers' | 'text'>): Promise<RawAnswer> {
  return {
    status: response.status,
    contentType: () => response.headers.get('content-type'),
    text: await response.text(),
  };
}

function unwrap<T>(raw: RawAnswer, what: string): T {
  let answer: unknown;
  try {
    answer = JSON.parse(raw.text);
  } catch {
    answer = undefined;
  }
  if (isEnvelope(answer)) {
    if (answer.ok) return answer.result as T;
    throw new ControlApiError(raw.status, answer.error, answer.description);
  }
  const contentType = raw.contentType();
  const type = contentType ? ` (${contentType.split(';')[0]})` : '';
  throw new ControlApiError(
    raw.status,
    UNEXPECTED_RESPONSE,
    `${what} answered HTTP ${raw.status}${type} without a control API envelope; is the URL that of a Parley server?`,
  );
}

function isEnvelope(value: unknown): value is ControlApiAnswer<unknown> {
  if (typeof value !== 'object' || value === null || !('ok' in value)) return false;
  if (value.ok === true) return 'result' in value;
  return (
    value.ok === false &&
    'error' in value &&
    typeof value.error === 'string' &&
    'description' in value &&
    typeof value.description === 'string'
  );
}
