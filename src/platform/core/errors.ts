/**
 * Errors of the platform's rules, with stable codes and, where the wording needs it, typed data.
 * Each code is declared once with its kind and the texts a surface must answer with it, the
 * kernel's in refusals/ and a feature's in its folder (ADR 0108 and its addendum); each surface maps kinds to its wire format in one place (bot-api/error-catalogue.ts,
 * control/control-errors.ts, web/web-errors.ts, gateway/errors.ts). `message` is a plain
 * description for people; no surface derives a wire text from it but the control API and the web
 * person API, which show it as it is.
 */
import type { PlatformErrorCode, PlatformErrorData, PlatformErrorDataOf } from './refusals/index.js';

export type { PlatformErrorCode, PlatformErrorData, PlatformErrorDataOf } from './refusals/index.js';
export type { EphemeralRefusal } from './refusals/messages.js';

/** The constructor's trailing argument: the code's data, when it has any. */
type DataArgument<C extends PlatformErrorCode> = C extends keyof PlatformErrorData
  ? [data: PlatformErrorData[C]]
  : [];

export class PlatformError<C extends PlatformErrorCode = PlatformErrorCode> extends Error {
  readonly data: PlatformErrorDataOf<C>;

  constructor(
    readonly code: C,
    message: string,
    ...data: DataArgument<C>
  ) {
    super(message);
    this.data = data[0] as PlatformErrorDataOf<C>;
  }
}

/** Flood control: the caller must wait `retryAfter` seconds. */
export class RateLimited extends Error {
  constructor(readonly retryAfter: number) {
    super(`retry after ${retryAfter}`);
  }
}

/**
 * A group that was upgraded to a supergroup: the Bot API answers 400 "group chat was upgraded to a
 * supergroup chat" with parameters.migrate_to_chat_id (spec ResponseParameters).
 */
export class ChatMigrated extends PlatformError<'CHAT_MIGRATED'> {
  constructor(readonly migrateToChatId: number) {
    super('CHAT_MIGRATED', 'group chat was upgraded to a supergroup chat', { migrateToChatId });
  }
}
