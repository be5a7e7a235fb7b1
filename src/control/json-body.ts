/**
 * A JSON request body read as Fastify's default JSON parser reads it (the control API's Fastify
 * routes use that parser), for the control API's fast lane (control-lane.ts), which must refuse the
 * same bodies with the same words: an empty body, text that is not JSON, and JSON that carries a
 * `__proto__` key or a `constructor` object with a `prototype` key (Fastify's `onProtoPoisoning` and
 * `onConstructorPoisoning`, both `error` by default, refuse them as not valid JSON). A leading
 * byte-order mark is skipped. test/control-lane.test.ts compares this with Fastify's own parser.
 */

export const EMPTY_JSON_BODY = "Body cannot be empty when content-type is set to 'application/json'";
export const INVALID_JSON_BODY = "Body is not valid JSON but content-type is set to 'application/json'";

/** Thrown with one of the two texts above; the answer is a 400. */
export class JsonBodyError extends Error {
  readonly statusCode = 400;
}

// The keys Fastify looks for before it walks the parsed value, with JSON's \u escapes of each letter.
const SUSPECT_PROTO =
  /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/;
const SUSPECT_CONSTRUCTOR =
  /"(?:c|\\u0063)(?:o|\\u006[Ff])(?:n|\\u006[Ee])(?:s|\\u0073)(?:t|\\u0074)(?:r|\\u0072)(?:u|\\u0075)(?:c|\\u0063)(?:t|\\u0074)(?:o|\\u006[Ff])(?:r|\\u0072)"\s*:/;

const own = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

/** Whether a parsed value holds a `__proto__` key or a `constructor: {prototype: ...}` anywhere. */
function poisoned(root: object): boolean {
  let next: object[] = [root];
  while (next.length > 0) {
    const nodes = next;
    next = [];
    for (const node of nodes) {
      if (own(node, '__proto__')) return true;
      const ctor = (node as { constructor?: unknown }).constructor;
      if (own(node, 'constructor') && ctor !== null && typeof ctor === 'object' && own(ctor, 'prototype')) {
        return true;
      }
      for (const key in node) {
        const value = (node as Record<string, unknown>)[key];
        if (value !== null && typeof value === 'object') next.push(value);
      }
    }
  }
  return false;
}

/** The parsed body; throws JsonBodyError for what Fastify refuses. */
export function parseJsonBody(body: Buffer): unknown {
  if (body.length === 0) throw new JsonBodyError(EMPTY_JSON_BODY);
  let text = body.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new JsonBodyError(INVALID_JSON_BODY);
  }
  if (value === null || typeof value !== 'object') return value;
  // The walk only when the text names one of the keys: most bodies never do.
  if (!SUSPECT_PROTO.test(text) && !SUSPECT_CONSTRUCTOR.test(text)) return value;
  if (poisoned(value)) throw new JsonBodyError(INVALID_JSON_BODY);
  return value;
}
