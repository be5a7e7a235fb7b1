/**
 * Runs one Bot API call for an authenticated token: method lookup, the handler, and the mapping of
 * its outcome to the envelope (reference §2.1). Used by the HTTP route and by webhook replies.
 */
import type { FastifyBaseLogger } from 'fastify';
import { parseBotToken } from './bot-token.js';
import {
  BotApiError,
  INTERNAL_SERVER_ERROR,
  LOGGED_OUT,
  METHOD_NOT_FOUND,
  UNAUTHORIZED,
  botApiError,
  toBotApiError,
} from './errors.js';
import { DescribedResult, RawJson, type MethodContext } from './method-context.js';
import { METHOD_TABLE, allowedInWebhookReply } from './methods/index.js';
import { admitSend } from './flood-gate.js';
import { NOT_SUPPORTED_METHODS } from './methods/not-supported.js';
import type { Params } from './params.js';
import { missingRefusal, orderedRefusal, runnerPlans, valueRefusal } from './runner.js';
import { unservedChecks, unservedRefusal } from './unserved-refusal.js';
import type { Platform } from '../platform/assembly/platform.js';
import type { SignalSource } from '../http/request-signals.js';
import type { AbortHook } from '../platform/core/abort-hook.js';
import { recordCall } from './timeline-record.js';

export interface Envelope {
  status: number;
  /** The JSON body text. */
  body: string;
  retryAfter?: number;
  /** A fault closed the connection (bot-api/fault-answer.ts): nothing is written. */
  drop?: boolean;
}

export function errorEnvelope(error: BotApiError): Envelope {
  const body: Record<string, unknown> = { ok: false, error_code: error.code, description: error.description };
  if (error.parameters && Object.keys(error.parameters).length > 0) body.parameters = error.parameters;
  const envelope: Envelope = { status: error.code, body: JSON.stringify(body) };
  if (error.parameters?.retry_after !== undefined) envelope.retryAfter = error.parameters.retry_after;
  return envelope;
}

function resultEnvelope(result: unknown): Envelope {
  if (result instanceof RawJson) return { status: 200, body: `{"ok":true,"result":${result.json}}` };
  if (result instanceof DescribedResult) {
    return {
      status: 200,
      body: JSON.stringify({ ok: true, result: result.result, description: result.description }),
    };
  }
  return { status: 200, body: JSON.stringify({ ok: true, result }) };
}

/** Authenticates a token; returns the bot id or the error envelope to answer with. */
export async function authenticateToken(platform: Platform, token: string): Promise<number | Envelope> {
  const parsed = parseBotToken(token);
  if (parsed instanceof BotApiError) return errorEnvelope(parsed);
  const auth = await platform.users.authenticate(parsed.botId, parsed.secret);
  if (!auth) return errorEnvelope(UNAUTHORIZED);
  if (auth.loggedOut) return errorEnvelope(LOGGED_OUT);
  return auth.botId;
}

/** The methods with documented parameters Parley does not serve (ADR 0075); read-only. */
const UNSERVED = unservedChecks();

/** Every declared method's checks (runner.ts, ADR 0084); read-only. */
const PLANS = runnerPlans();

export interface CallOptions {
  /** Read only by the methods that wait (getUpdates), which may create the signal then. */
  readonly signal: SignalSource;
  fromWebhookReply: boolean;
  log: FastifyBaseLogger;
}

/** A handler's context; a class so that its lazy `signal` getter does not cost a hidden class per call. */
class MethodCall implements MethodContext {
  /** Set by defineMethod's wrapper (the method's declared values); here so the shape never changes. */
  values: unknown = undefined;

  constructor(
    readonly platform: Platform,
    readonly botId: number,
    readonly params: Params,
    private readonly source: SignalSource,
    readonly fromWebhookReply: boolean,
  ) {}

  get signal(): AbortHook {
    return this.source.hook;
  }
}

/**
 * Runs a call and records it, with its answer, on the timeline (platform/timeline, ADR 0099). Not an
 * async function: a parked long poll would keep its suspended frame (issue 31); a reaction is smaller.
 */
export function callMethod(
  platform: Platform,
  botId: number,
  methodName: string,
  params: Params,
  options: CallOptions,
): Promise<Envelope> {
  const started = performance.now();
  return runMethod(platform, botId, methodName, params, options).then((envelope) => {
    recordCall(platform, botId, methodName, params, envelope, performance.now() - started);
    return envelope;
  });
}

async function runMethod(
  platform: Platform,
  botId: number,
  methodName: string,
  params: Params,
  options: CallOptions,
): Promise<Envelope> {
  const lower = methodName.toLowerCase();
  const handler = METHOD_TABLE.get(lower);
  if (!handler || (options.fromWebhookReply && !allowedInWebhookReply(lower))) {
    const canonical = NOT_SUPPORTED_METHODS.get(lower);
    if (canonical && !options.fromWebhookReply) {
      return errorEnvelope(botApiError('METHOD_NOT_SUPPORTED', { method: canonical }));
    }
    return errorEnvelope(METHOD_NOT_FOUND);
  }
  // A documented parameter Parley does not serve is refused, never ignored (ADR 0075): before the
  // handler and flood control, so the refused call changes nothing. Most methods have none: one lookup.
  const unserved = UNSERVED.get(lower);
  const refusal = unserved && unservedRefusal(unserved, params);
  if (refusal) return errorEnvelope(refusal);
  const call = new MethodCall(platform, botId, params, options.signal, options.fromWebhookReply);
  let refund: (() => void) | undefined;
  try {
    // The declaration's checks (ADR 0084): required parameters, then the values; a refused value
    // is answered after the chat's and the rules' checks, which the reference makes first.
    const plan = PLANS.get(lower);
    if (plan) {
      const missing = missingRefusal(plan, params);
      if (missing) return errorEnvelope(missing);
      const refused = valueRefusal(plan, params);
      if (refused) return errorEnvelope(await orderedRefusal(plan, call, refused));
    }
    // Flood control (reference §8): a send takes its token first; a failed one gives it back.
    refund = admitSend(platform, botId, lower, params);
    return resultEnvelope(await handler(call));
  } catch (error) {
    refund?.();
    // A fault, or a platform error meant for people only (bot-api/errors.ts), is logged.
    const mapped = toBotApiError(error);
    if (mapped && mapped !== INTERNAL_SERVER_ERROR) return errorEnvelope(mapped);
    options.log.error({ err: error, method: methodName }, 'Bot API method failed');
    return errorEnvelope(INTERNAL_SERVER_ERROR);
  }
}
