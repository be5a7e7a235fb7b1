import type { Params } from './params.js';
import type { Platform } from '../platform/core/platform.js';

/** What a Bot API method handler is given. */
export interface MethodContext {
  platform: Platform;
  botId: number;
  params: Params;
  /** Aborts when the caller goes away (ends long polls early). */
  signal: AbortSignal;
  /** True when the call came in a webhook's reply: its result is discarded. */
  fromWebhookReply: boolean;
}

/** A result that is already JSON text (getUpdates builds its answer without re-serialising). */
export class RawJson {
  constructor(readonly json: string) {}
}

/** A successful result with the reference's extra `description` (setWebhook, deleteWebhook). */
export class DescribedResult {
  constructor(
    readonly result: unknown,
    readonly description: string,
  ) {}
}

export type MethodResult = unknown;

export type MethodHandler = (ctx: MethodContext) => Promise<MethodResult>;
