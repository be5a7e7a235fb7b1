/**
 * The Bot API's errors: one class carrying the HTTP status (= error_code), the full description
 * text of the reference, and optional ResponseParameters. Every other error is mapped here, in one
 * place, to what the reference answers (reference §2).
 */
import { ChatMigrated, PlatformError, RateLimited, type PlatformErrorCode } from '../platform/errors.js';
import { PollConflict } from '../platform/update-queue.js';
import { FormattingError } from '../platform/formatting/index.js';

export interface ResponseParameters {
  migrate_to_chat_id?: number;
  retry_after?: number;
}

export class BotApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly parameters?: ResponseParameters,
  ) {
    super(description);
  }

  static badRequest(text: string): BotApiError {
    return new BotApiError(400, `Bad Request: ${text}`);
  }

  static tooManyRequests(retryAfter: number): BotApiError {
    return new BotApiError(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });
  }
}

export const NOT_FOUND = new BotApiError(404, 'Not Found');
export const METHOD_NOT_FOUND = new BotApiError(404, 'Not Found: method not found');
export const INVALID_TOKEN = new BotApiError(401, 'Unauthorized: invalid token specified');
export const UNALLOWED_TOKEN = new BotApiError(421, 'Misdirected Request: unallowed token specified');
export const UNAUTHORIZED = new BotApiError(401, 'Unauthorized');
export const LOGGED_OUT = new BotApiError(400, 'Logged out');

const PLATFORM_TEXTS: Partial<Record<PlatformErrorCode, BotApiError>> = {
  CHAT_NOT_FOUND: BotApiError.badRequest('chat not found'),
  PRIVATE_CHAT_NOT_FOUND: BotApiError.badRequest('chat not found'),
  USER_NOT_FOUND: BotApiError.badRequest('user not found'),
  MESSAGE_TEXT_EMPTY: BotApiError.badRequest('message text is empty'),
  MESSAGE_TOO_LONG: BotApiError.badRequest('message is too long'),
  REPLY_MESSAGE_NOT_FOUND: BotApiError.badRequest('message to be replied not found'),
  BOT_BLOCKED: new BotApiError(403, 'Forbidden: bot was blocked by the user'),
  CHAT_WRITE_FORBIDDEN: BotApiError.badRequest('have no write access to the chat'),
  MESSAGE_NOT_MODIFIED: BotApiError.badRequest(
    'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
  ),
  QUERY_INVALID: BotApiError.badRequest(
    'query is too old and response timeout expired or query ID is invalid',
  ),
};

const CONFLICT_TEXTS: Record<PollConflict['reason'], string> = {
  other_poll:
    'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
  set_webhook: 'Conflict: terminated by setWebhook request',
  webhook_active:
    "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
};

/** Maps any error thrown by a method to the Bot API error it answers with; undefined = internal. */
export function toBotApiError(error: unknown): BotApiError | undefined {
  if (error instanceof BotApiError) return error;
  if (error instanceof FormattingError) return BotApiError.badRequest(error.message);
  if (error instanceof RateLimited) return BotApiError.tooManyRequests(error.retryAfter);
  if (error instanceof PollConflict) return new BotApiError(409, CONFLICT_TEXTS[error.reason]);
  if (error instanceof ChatMigrated) {
    return new BotApiError(400, `Bad Request: ${error.message}`, {
      migrate_to_chat_id: error.migrateToChatId,
    });
  }
  // "bot was kicked from the <kind> chat", "bot is not a member of the <kind> chat" (reference §2.3).
  if (error instanceof PlatformError && (error.code === 'BOT_KICKED' || error.code === 'BOT_NOT_MEMBER')) {
    return new BotApiError(403, `Forbidden: ${error.message}`);
  }
  if (error instanceof PlatformError)
    return PLATFORM_TEXTS[error.code] ?? BotApiError.badRequest(error.message);
  return undefined;
}
