/**
 * Reads a request's parameters the way the reference does (reference §1.3): the query string first,
 * then the body chosen by Content-Type substring (multipart, urlencoded or JSON); anything else is
 * ignored. A malformed JSON body is ignored rather than refused, as the reference does.
 */
import type { FastifyRequest } from 'fastify';
import { BotApiError } from './errors.js';
import { Params } from './params.js';

const MAX_FILES = 50;

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
  for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
    params.add(key, typeof member === 'string' ? member : JSON.stringify(member));
  }
}

/** Adds a body given as text or bytes, by content type (the webhook reply uses this too). */
export function addBody(params: Params, contentType: string, body: string): void {
  const type = contentType.toLowerCase();
  if (type.includes('application/x-www-form-urlencoded')) addUrlEncoded(params, body);
  else if (type.includes('application/json')) addJsonObject(params, body);
}

export async function readParams(request: FastifyRequest): Promise<Params> {
  const params = new Params();
  const q = request.url.indexOf('?');
  if (q >= 0) addUrlEncoded(params, request.url.slice(q + 1));
  const contentType = request.headers['content-type'] ?? '';
  if (request.isMultipart()) {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (params.fileCount >= MAX_FILES)
          throw new BotApiError(413, 'Request Entity Too Large: too many files attached');
        const data = await part.toBuffer();
        params.addFile({ field: part.fieldname, filename: part.filename, mimeType: part.mimetype, data });
      } else if (typeof part.value === 'string') {
        if (part.mimetype.toLowerCase().startsWith('application/x-www-form-urlencoded'))
          addUrlEncoded(params, part.value);
        else params.add(part.fieldname, part.value);
      }
    }
  } else if (Buffer.isBuffer(request.body)) {
    addBody(params, contentType, request.body.toString('utf8'));
  }
  return params;
}
