/**
 * A JSON request body read as Fastify's default JSON parser reads it (the control API's Fastify
 * routes use that parser), for the control API's fast lane (control-lane.ts), which must refuse the
 * same bodies with the same words. It calls the parser Fastify calls (secure-json-parse, with
 * Fastify's default `onProtoPoisoning` and `onConstructorPoisoning`, both `error`): an empty body,
 * text that is not JSON, and JSON with a `__proto__` key or a `constructor.prototype` are refused; a
 * leading byte-order mark is skipped. test/control-lane.test.ts compares the two transports.
 */
import { parse } from 'secure-json-parse';

const EMPTY_JSON_BODY = "Body cannot be empty when content-type is set to 'application/json'";
const INVALID_JSON_BODY = "Body is not valid JSON but content-type is set to 'application/json'";
const POISONING = { protoAction: 'error', constructorAction: 'error' } as const;

/** Thrown with one of the two texts above; the answer is a 400. */
export class JsonBodyError extends Error {
  readonly statusCode = 400;
}

/** The parsed body; throws JsonBodyError for what Fastify refuses. */
export function parseJsonBody(body: Buffer): unknown {
  if (body.length === 0) throw new JsonBodyError(EMPTY_JSON_BODY);
  try {
    return parse(body.toString('utf8'), POISONING);
  } catch {
    throw new JsonBodyError(INVALID_JSON_BODY);
  }
}
