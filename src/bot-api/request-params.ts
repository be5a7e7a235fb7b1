/**
 * Reads a request's parameters the way the reference does (reference §1.3): the query string first,
 * then the body chosen by Content-Type substring (multipart, urlencoded or JSON); anything else is
 * ignored. A malformed JSON body is ignored rather than refused, as the reference does; one nested
 * deeper than MAX_JSON_DEPTH is refused, as its members would be re-serialised by recursion. A
 * multipart body that cannot be read is refused with 400 (the reference's texts where it has them).
 */
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { BotApiError, botApiError } from './errors.js';
import { Params } from './params.js';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../platform/core/json-depth.js';
import type { SpooledFile } from '../platform/files/upload.js';

const MAX_FILES = 50;
/** The reference's limit on a multipart boundary (HttpReader.h MAX_BOUNDARY_LENGTH). */
const MAX_BOUNDARY_LENGTH = 70;

/** The reference's text for a JSON body member nested too deeply (HttpReader.cpp, `do_json_skip`). */
const TOO_DEEP = botApiError('UNPARSABLE', { object: 'parameter value', detail: 'Too big object depth' });
const NO_FIELD_NAME = botApiError('MULTIPART_FIELD_NAME_NOT_FOUND');
const TOO_MANY_FILES = botApiError('TOO_MANY_FILES');
/** The reference has no text for this: it waits for the rest of the body. */
const UNEXPECTED_END = botApiError('MULTIPART_UNEXPECTED_END');

export function addUrlEncoded(params: Params, text: string): void {
  if (text === '') return;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    const value = eq < 0 ? '' : pair.slice(eq + 1);
    params.add(decode(key), decode(value));
  }
}

function decode(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** JSON bodies: strings are taken as they are, every other value as its JSON text. */
export function addJsonObject(params: Params, text: string): void {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return;
  }
  if (typeof value === 'string') {
    params.add('content', value);
    return;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
  const hadValues = !params.isEmpty;
  let depthChecked = false;
  for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
    if (typeof member === 'string') {
      params.add(key, member);
      continue;
    }
    // JSON.stringify recurses: the body's depth is checked first, once, and only for a body with an
    // object or array member (a plain sendMessage body has none, and costs nothing here). The body
    // is one level more than its members, which may nest as deep as a form value.
    if (!depthChecked && typeof member === 'object' && member !== null) {
      if (nestedDeeperThan(text, MAX_JSON_DEPTH + 1)) throw TOO_DEEP;
      depthChecked = true;
    }
    params.add(key, JSON.stringify(member));
  }
  params.readFromJsonBody(text, hadValues);
}

/** Adds a body given as text or bytes, by content type (the webhook reply uses this too). */
export function addBody(params: Params, contentType: string, body: string): void {
  const type = contentType.toLowerCase();
  if (type.includes('application/x-www-form-urlencoded')) addUrlEncoded(params, body);
  else if (type.includes('application/json')) addJsonObject(params, body);
}

/**
 * The boundary of a multipart body as the reference finds it (HttpReader.cpp): after the first
 * "boundary" in the Content-Type, its `=`, up to `;`, without surrounding quotes, 1-70 characters.
 */
export function multipartBoundary(contentType: string): string | BotApiError {
  const at = contentType.toLowerCase().indexOf('boundary');
  if (at < 0) return botApiError('BOUNDARY_NOT_FOUND');
  const eq = contentType.indexOf('=', at + 'boundary'.length);
  if (eq < 0) return botApiError('BOUNDARY_VALUE_NOT_FOUND');
  const semicolon = contentType.indexOf(';', eq + 1);
  let boundary = contentType.slice(eq + 1, semicolon < 0 ? undefined : semicolon);
  if (boundary.length >= 2 && boundary.startsWith('"') && boundary.endsWith('"'))
    boundary = boundary.slice(1, -1);
  if (boundary === '' || boundary.length > MAX_BOUNDARY_LENGTH) {
    return botApiError('BOUNDARY_INVALID');
  }
  return boundary;
}

/**
 * How a request's body is read (reference §1.3): multipart when its Content-Type contains
 * `multipart/form-data` (with the Content-Type to give the multipart parser, naming the reference's
 * boundary), else by `addBody`; a refusal when the boundary cannot be found.
 */
export function bodyKind(contentType: string): { multipart: string } | 'other' | BotApiError {
  if (!contentType.toLowerCase().includes('multipart/form-data')) return 'other';
  const boundary = multipartBoundary(contentType);
  if (boundary instanceof BotApiError) return boundary;
  return { multipart: `multipart/form-data; boundary="${boundary.replace(/["\\]/g, '\\$&')}"` };
}

/** Streams a file part to a temporary file (Files.spool), so that no upload is held whole. */
export type SpoolPart = (source: Readable) => Promise<SpooledFile>;

/**
 * `contentType`: the request's own, which the route may have replaced for Fastify's parsers. The
 * caller removes the uploads' temporary files when the call is over (`Params.discardFiles`); when
 * the body cannot be read, those spooled so far are removed here.
 */
export async function readParams(
  request: FastifyRequest,
  contentType: string,
  spool: SpoolPart,
): Promise<Params> {
  const params = new Params();
  const q = request.url.indexOf('?');
  if (q >= 0) addUrlEncoded(params, request.url.slice(q + 1));
  if (request.isMultipart()) {
    try {
      await addMultipart(params, request, spool);
    } catch (error) {
      await params.discardFiles();
      throw multipartFailure(error);
    }
  } else if (Buffer.isBuffer(request.body)) {
    addBody(params, contentType, request.body.toString('utf8'));
  }
  return params;
}

async function addMultipart(params: Params, request: FastifyRequest, spool: SpoolPart): Promise<void> {
  for await (const part of request.parts()) {
    // The parser passes on a part without a name (undefined) or with an empty one; the reference
    // refuses both.
    if (!part.fieldname) throw NO_FIELD_NAME;
    if (part.type === 'file') {
      if (params.fileCount >= MAX_FILES) throw TOO_MANY_FILES;
      const spooled = await spool(part.file);
      params.addFile({ field: part.fieldname, filename: part.filename, mimeType: part.mimetype, spooled });
      // A part cut at the size limit ends like a whole one; the parser only marks it.
      if (part.file.truncated) throw new request.server.multipartErrors.RequestFileTooLargeError();
    } else if (typeof part.value === 'string') {
      if (part.mimetype.toLowerCase().startsWith('application/x-www-form-urlencoded'))
        addUrlEncoded(params, part.value);
      else params.add(part.fieldname, part.value);
    }
  }
}

/**
 * The answer for a multipart body the parser gave up on. Its own errors carry no code: a body that
 * ends before the closing boundary (truncated, or not multipart at all) is told by the message.
 * Size limits (413) go on to the route's error handler; anything else is a fault.
 */
function multipartFailure(error: unknown): unknown {
  if (error instanceof BotApiError) return error;
  if (!(error instanceof Error)) return error;
  const { statusCode: status, code } = error as { statusCode?: unknown; code?: unknown };
  if (code === 'FST_FILES_LIMIT') return TOO_MANY_FILES;
  if (status === 413) return error;
  if (/unexpected end|terminated early|closed before/i.test(error.message)) return UNEXPECTED_END;
  // @fastify/multipart's refusals of a field (a reserved name, JSON that does not parse).
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return botApiError('UNPARSABLE', { object: 'multipart/form-data', detail: error.message });
  }
  return error;
}
