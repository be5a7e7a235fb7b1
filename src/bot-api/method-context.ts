import type { Params } from './params.js';
import type { Platform } from '../platform/assembly/platform.js';
import type { AbortHook } from '../platform/core/abort-hook.js';

/** What a Bot API method handler is given. */
export interface MethodContext {
  platform: Platform;
  botId: number;
  params: Params;
  /** Aborts when the caller goes away (ends long polls early); an AbortSignal's shape, made lazily. */
  signal: AbortHook;
  /** True when the call came in a webhook's reply: its result is discarded. */
  fromWebhookReply: boolean;
}

/**
 * A result that is already JSON text (getUpdates builds its answer without re-serialising). `R` is the
 * type the text holds: the one place a result's type is stated rather than checked (ADR 0085).
 */
export class RawJson<R = unknown> {
  /** Never set: it carries `R`, so a RawJson of one result is not taken for another's. */
  declare readonly holds?: R;
  constructor(readonly json: string) {}
}

/** A successful result with the reference's extra `description` (setWebhook, deleteWebhook). */
export class DescribedResult<R = unknown> {
  constructor(
    readonly result: R,
    readonly description: string,
  ) {}
}

/** What a handler of a method whose result is `R` may answer: `R`, or `R` wrapped (ADR 0085). */
export type MethodAnswer<R> = R | RawJson<R> | DescribedResult<R>;

export type MethodResult = unknown;

export type MethodHandler = (ctx: MethodContext) => Promise<MethodResult>;

/** A handler whose answer is checked against its method's declared result (MethodResults, ADR 0085). */
export type TypedMethodHandler<R> = (ctx: MethodContext) => Promise<MethodAnswer<R>>;
