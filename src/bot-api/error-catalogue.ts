/**
 * The Bot API's error catalogue (reference §2.3; ADR 0041, ADR 0108): every error the server
 * answers, by a stable code, with its HTTP status (= error_code) and the exact description. Two
 * tables: the surface's own errors (surface-errors.ts: reading the request, parameters, files, the
 * envelope), and the platform's refusals, whose texts are declared with their codes (the `bot` of
 * each, in platform/core/refusals/ and each feature's refusals.ts) and answered with the status of
 * their prefix. BotApiError instances are made here only, by botApiError(); the rest of the surface
 * names codes, and bot-api/errors.ts maps the platform's errors to them.
 */
import { BOT_API_ERRORS, type CatalogueEntry, type ResponseParameters } from './surface-errors.js';
import { REFUSALS } from '../platform/assembly/refusals.js';
import type {
  BotApiText,
  PlatformErrorCode,
  PlatformErrorDataOf,
  Refusal,
} from '../platform/core/refusals/index.js';

export { BOT_API_ERRORS, type CatalogueEntry, type ResponseParameters } from './surface-errors.js';

export class BotApiError extends Error {
  constructor(
    /** The catalogue's code (the surface's own or the platform's). */
    readonly reason: BotApiErrorCode,
    /** The HTTP status, which is also the envelope's error_code. */
    readonly code: number,
    readonly description: string,
    readonly parameters?: ResponseParameters,
  ) {
    super(description);
  }
}

/** The surface's own codes. */
export type SurfaceErrorCode = keyof typeof BOT_API_ERRORS;

/** The platform's codes a bot can be answered with: those declared with a Bot API text. */
export type AnsweredRefusal = {
  [C in PlatformErrorCode]: (typeof REFUSALS)[C]['bot'] extends null ? never : C;
}[PlatformErrorCode];

export type BotApiErrorCode = SurfaceErrorCode | AnsweredRefusal;

/** A platform code and a surface code of one name would answer two ways: tsc refuses it here. */
const oneNamespace: [Extract<SurfaceErrorCode, PlatformErrorCode>] extends [never] ? true : false = true;
void oneNamespace;

/** The data an entry's text is made from; undefined for a fixed text. */
export type BotApiErrorData<C extends BotApiErrorCode> = C extends SurfaceErrorCode
  ? (typeof BOT_API_ERRORS)[C] extends { text: (data: infer D) => string }
    ? D
    : (typeof BOT_API_ERRORS)[C] extends { parameters: (data: infer D) => ResponseParameters }
      ? D
      : undefined
  : C extends AnsweredRefusal
    ? PlatformErrorDataOf<C>
    : never;

type DataArgument<C extends BotApiErrorCode> =
  BotApiErrorData<C> extends undefined ? [] : [data: BotApiErrorData<C>];

/** The reference's prefix of each status a fault may answer (ADR 0058); others use Node's name. */
const STATUS_PREFIXES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
};

/**
 * The description of an injected fault's error (bot-api/fault-answer.ts): `<Prefix>: <given>`, the
 * prefix alone without a given text, or the given text when it already starts with the prefix.
 */
export function faultDescription(status: number, given: string | undefined, fallback: string): string {
  const prefix = STATUS_PREFIXES[status] ?? fallback;
  return !given ? prefix : given.startsWith(prefix) ? given : `${prefix}: ${given}`;
}

/** A 400's description without its "Bad Request: " prefix (for texts that quote another error). */
export function withoutPrefix(error: BotApiError): string {
  const prefix = 'Bad Request: ';
  return error.description.startsWith(prefix) ? error.description.slice(prefix.length) : error.description;
}

/** The status of a refusal's Bot API text: the one its prefix names (reference §2.2). */
const REFUSAL_STATUS: Record<BotApiText extends `${infer Prefix}: ${string}` ? Prefix : never, number> = {
  'Bad Request': 400,
  Forbidden: 403,
};

function refusalError(code: AnsweredRefusal, data: never): BotApiError {
  const { bot, botParameters } = REFUSALS[code] as Refusal;
  const text = typeof bot === 'function' ? bot(data) : (bot as BotApiText);
  const prefix = text.slice(0, text.indexOf(':')) as keyof typeof REFUSAL_STATUS;
  return new BotApiError(code, REFUSAL_STATUS[prefix], text, botParameters?.(data));
}

function surfaceError(code: SurfaceErrorCode, data: never): BotApiError {
  const entry: CatalogueEntry<never> = BOT_API_ERRORS[code];
  const text = typeof entry.text === 'string' ? entry.text : entry.text(data);
  return new BotApiError(code, entry.status, text, entry.parameters?.(data));
}

/** Errors without data are made once: they are immutable, and a throw then costs no stack. */
const FIXED = new Map<BotApiErrorCode, BotApiError>();

/** The error of a code, its text made from `data` when the entry takes any. */
export function botApiError<C extends BotApiErrorCode>(code: C, ...args: DataArgument<C>): BotApiError {
  const data = args[0] as never;
  if (data === undefined) {
    const made = FIXED.get(code);
    if (made) return made;
  }
  const error = Object.hasOwn(BOT_API_ERRORS, code)
    ? surfaceError(code as SurfaceErrorCode, data)
    : refusalError(code as AnsweredRefusal, data);
  if (data === undefined) FIXED.set(code, error);
  return error;
}
