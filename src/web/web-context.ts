/** What a handler of the web client's person API is given (ADR 0055). */
import type { Platform } from '../platform/assembly/platform.js';
import type { ChatList } from '../platform/people/chat-list.js';
import type { Profile } from '../config/config.js';
import type { WebSession } from './session.js';

export interface WebContext {
  platform: Platform;
  chatList: ChatList;
  profile: Profile;
  /** The JSON body (POST), or the query (GET, and POSTs with a binary body). */
  input: Readonly<Record<string, unknown>>;
  /** A binary body (application/octet-stream), for the routes that take a file. */
  body?: Buffer | undefined;
  /** The signed-in person; routes open to everyone get a session of user 0. */
  session: WebSession;
  /** The client's address as a key of per-client counts (http/client-address.ts). */
  client: string;
  /** Aborted when the request's connection closes. */
  signal: AbortSignal;
}

export type WebHandler = (ctx: WebContext) => Promise<unknown>;

/** An answer of bytes (a file) rather than the JSON envelope. */
export class WebFile {
  constructor(
    readonly stream: NodeJS.ReadableStream,
    readonly headers: Record<string, string>,
  ) {}
}

/** A refusal of the person API: `{ ok: false, error, description }` with this HTTP status. */
export class WebError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
    /** More fields of the answer (e.g. `retry_after` of a 429, also sent as `Retry-After`). */
    readonly extra?: Readonly<Record<string, unknown>>,
  ) {
    super(description);
  }
}

/** A string parameter, trimmed; refused when required and missing, or of another type. */
export function text(input: Readonly<Record<string, unknown>>, name: string, required: true): string;
export function text(
  input: Readonly<Record<string, unknown>>,
  name: string,
  required?: false,
): string | undefined;
export function text(input: Readonly<Record<string, unknown>>, name: string, required = false) {
  const value = input[name];
  if (value === undefined || value === null || value === '') {
    if (required) throw new WebError(400, 'BAD_REQUEST', `${name} is required`);
    return undefined;
  }
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new WebError(400, 'BAD_REQUEST', `${name} must be a string`);
  }
  return String(value).trim();
}

/** A positive whole number parameter (JSON number or decimal string). */
export function positive(input: Readonly<Record<string, unknown>>, name: string, required: true): number;
export function positive(
  input: Readonly<Record<string, unknown>>,
  name: string,
  required?: false,
): number | undefined;
export function positive(input: Readonly<Record<string, unknown>>, name: string, required = false) {
  const value = input[name];
  if (value === undefined || value === null || value === '') {
    if (required) throw new WebError(400, 'BAD_REQUEST', `${name} is required`);
    return undefined;
  }
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isSafeInteger(number) || number < 1) {
    throw new WebError(400, 'BAD_REQUEST', `${name} must be a positive integer`);
  }
  return number;
}
