/**
 * One control API call answered apart from its transport: the route's schema reads the request's
 * parameters, the handler runs, and its outcome becomes the answer (`{ok:true,result}`, or
 * `{ok:false,error,description}` with a semantic status). The Fastify routes (control-routes.ts) and
 * the fast lane (control-lane.ts) both answer through `answerControl`, so that one code path decides
 * every answer and the two transports only read and write (ADR 0005).
 */
import { ParamError, readParams, type RouteSpec } from '../wire/control-schema/index.js';
import { BinaryAnswer } from './binary-answer.js';
import {
  ControlError,
  type ControlContext,
  type ControlHandler,
  type WorkspaceManager,
} from './control-context.js';
import { controlStatusOf } from './control-errors.js';
import { PlatformError } from '../platform/core/errors.js';
import type { Platform } from '../platform/assembly/platform.js';
import type { VirtualTime } from '../platform/core/virtual-time.js';
import type { SignalSource } from '../http/request-signals.js';
import { actionEvent } from '../platform/timeline/timeline-events.js';

/** The JSON body of a failure. */
export interface ControlFailure {
  ok: false;
  error: string;
  description: string;
}

/** What to answer: a JSON body (written with `JSON.stringify`, as Fastify does) or raw bytes. */
export type ControlAnswer =
  | {
      status: number;
      json: { ok: true; result: unknown } | ControlFailure;
      /** `json` as `JSON.stringify` writes it, once made (the timeline's record makes it first). */
      text?: string;
      binary?: undefined;
    }
  | { status: 200; binary: BinaryAnswer; json?: undefined; text?: undefined };

/** The JSON text of an answer's body, made once: the timeline and the transport write the same. */
export function answerText(answer: ControlAnswer & { json: object }): string {
  answer.text ??= JSON.stringify(answer.json);
  return answer.text;
}

export function controlFailure(status: number, error: string, description: string): ControlAnswer {
  return { status, json: { ok: false, error, description } };
}

/** What a handler's context is made of, besides the parameters. */
export interface CallParts {
  platform: Platform;
  time: VirtualTime;
  /** Path parameters. */
  path: Record<string, string>;
  /** The request's abort signal, made only if the handler reads it. */
  source: SignalSource;
  workspaces: WorkspaceManager | undefined;
  origin: string;
}

/** A handler's context; a class so that its lazy `signal` getter does not cost a hidden class per call. */
class ControlCall implements ControlContext {
  readonly platform: Platform;
  readonly time: VirtualTime;
  readonly path: Record<string, string>;
  readonly workspaces: WorkspaceManager | undefined;
  readonly origin: string;
  readonly #source: SignalSource;

  constructor(
    parts: CallParts,
    readonly input: Readonly<Record<string, unknown>>,
  ) {
    this.platform = parts.platform;
    this.time = parts.time;
    this.path = parts.path;
    this.workspaces = parts.workspaces;
    this.origin = parts.origin;
    this.#source = parts.source;
  }

  get signal(): AbortSignal {
    return this.#source.signal;
  }
}

/**
 * Answers one call of a route: `raw` is the parsed JSON body (POST) or the query (GET). An error
 * that is neither the control API's nor the platform's is thrown, for the transport to answer as
 * the error handler does (control-routes.ts).
 */
export async function answerControl(
  schema: RouteSpec,
  handler: ControlHandler,
  raw: unknown,
  parts: CallParts,
): Promise<ControlAnswer> {
  if (schema.method === 'GET') return answer(schema, handler, raw, parts);
  // A POST changes something: a person's action, recorded on the timeline (ADR 0099).
  const started = performance.now();
  const answered = await answer(schema, handler, raw, parts);
  recordAction(parts.platform, schema, raw, parts.path, answered, performance.now() - started);
  return answered;
}

async function answer(
  schema: RouteSpec,
  handler: ControlHandler,
  raw: unknown,
  parts: CallParts,
): Promise<ControlAnswer> {
  // An absent body (or JSON `null`) is no parameters.
  const given = raw ?? {};
  if (typeof given !== 'object' || Array.isArray(given)) {
    return controlFailure(400, 'BAD_REQUEST', 'the body must be a JSON object');
  }
  // The route's schema reads its parameters once, before the handler (400 BAD_REQUEST).
  let input: Record<string, unknown>;
  try {
    input = readParams(schema.params, given as Record<string, unknown>);
  } catch (error) {
    if (error instanceof ParamError) return controlFailure(400, 'BAD_REQUEST', error.message);
    throw error;
  }
  try {
    const result = await handler(new ControlCall(parts, input));
    if (result instanceof BinaryAnswer) return { status: 200, binary: result };
    return { status: 200, json: { ok: true, result } };
  } catch (error) {
    if (error instanceof ControlError) return controlFailure(error.status, error.error, error.message);
    if (error instanceof PlatformError) {
      const [status, code] = controlStatusOf(error);
      return controlFailure(status, code, error.message);
    }
    throw error;
  }
}

/**
 * Records a POST on the timeline. A person or a bot named by phone or `@username` is resolved to its
 * id first (a read, often of a cached row), so that the event is found by person and by bot.
 */
function recordAction(
  platform: Platform,
  schema: RouteSpec,
  raw: unknown,
  path: Record<string, string>,
  answered: ControlAnswer,
  durationMs: number,
): void {
  const { timeline } = platform;
  if (!timeline.enabled) return;
  const at = timeline.now();
  const body = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {};
  const route = schema.path.replace(/\{(\w+)\}/g, (whole, name: string) => path[name] ?? whole);
  const input = { ...path, ...(body as Record<string, unknown>) };
  const event = actionEvent({
    at,
    route,
    input,
    status: answered.status,
    answer: answered.json ? answerText(answered) : '<bytes>',
    durationMs,
  });
  const person = input.user ?? input.as ?? input.from;
  const resolve = async (ref: unknown, kind: 'bot' | 'any') => {
    if (typeof ref !== 'string' || !/^[@+]/.test(ref)) return null;
    return platform.users.resolve(ref, kind).then(
      (row) => row.id,
      () => null,
    );
  };
  if (
    !(event.person_id === null && typeof person === 'string') &&
    !(event.bot_id === null && typeof input.bot === 'string')
  ) {
    timeline.record(event);
    return;
  }
  void Promise.all([resolve(person, 'any'), resolve(input.bot, 'bot')]).then(([personId, botId]) => {
    event.person_id ??= personId;
    event.bot_id ??= botId;
    timeline.record(event);
  });
}

/** The answer to a request without the admin token (or with a wrong one). */
export const ADMIN_TOKEN_REFUSED = controlFailure(
  401,
  'ADMIN_TOKEN_INVALID',
  'missing or wrong admin token (Authorization: Bearer ...)',
);

/**
 * The answer to an error that is not a handler's answer: the body's reading (a body too large, not
 * JSON) and the unexpected (500, which the caller logs).
 */
export function errorAnswer(error: { statusCode?: number; message: string }): ControlAnswer {
  const status = error.statusCode ?? 500;
  if (status >= 500) return controlFailure(500, 'INTERNAL', 'internal error');
  return controlFailure(status, 'BAD_REQUEST', error.message);
}
