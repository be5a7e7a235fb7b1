/**
 * The Bot API's answer to every error a method throws, in one place (reference §2): the surface's
 * own errors are made from the catalogue (error-catalogue.ts); the platform's are answered by code
 * and data with the text declared with the code (ADR 0108), never from their message.
 */
import { BotApiError, botApiError, type AnsweredRefusal, type BotApiErrorCode } from './error-catalogue.js';
import { PlatformError, RateLimited } from '../platform/core/errors.js';
import { REFUSALS } from '../platform/assembly/refusals.js';
import { PollConflict } from '../platform/updates/update-queue.js';
import { FormattingError, type FormattingErrorKind } from '../platform/formatting/index.js';

export { BotApiError, botApiError, withoutPrefix, type ResponseParameters } from './error-catalogue.js';

export const NOT_FOUND = botApiError('NOT_FOUND');
export const METHOD_NOT_FOUND = botApiError('METHOD_NOT_FOUND');
export const INVALID_TOKEN = botApiError('INVALID_TOKEN');
export const UNALLOWED_TOKEN = botApiError('UNALLOWED_TOKEN');
export const UNAUTHORIZED = botApiError('UNAUTHORIZED');
export const LOGGED_OUT = botApiError('LOGGED_OUT');
export const INTERNAL_SERVER_ERROR = botApiError('INTERNAL_SERVER_ERROR');

/** The catalogue's codes whose entry takes no data. */
export type FixedCode = {
  [C in BotApiErrorCode]: Parameters<typeof botApiError<C>>['length'] extends 1 ? C : never;
}[BotApiErrorCode];

/**
 * The answer to a platform error: by its code and data, with the text declared with the code
 * (platform/core/refusals/ and the features' refusals.ts). A code declared without one is thrown only for people or the gateway:
 * a bot never meets it, and should one, that is a fault of the server (answered 500 and logged, as
 * any other).
 */
export function platformErrorAnswer(error: PlatformError): BotApiError {
  if (REFUSALS[error.code].bot === null) return INTERNAL_SERVER_ERROR;
  const answer = botApiError as (code: BotApiErrorCode, data?: unknown) => BotApiError;
  return answer(error.code as AnsweredRefusal, error.data);
}

/** The formatter's refusals (platform/formatting), by kind, with the parser's detail. */
const FORMATTING_ERRORS: Record<FormattingErrorKind, (detail: string) => BotApiError> = {
  entities: (detail) => botApiError('UNPARSABLE', { object: 'entities', detail }),
  message_entity: (detail) => botApiError('UNPARSABLE', { object: 'MessageEntity', detail }),
  parse_mode: () => botApiError('UNSUPPORTED_PARSE_MODE'),
  text: (tdlib) => botApiError('TEXT_INVALID', { tdlib }),
};

const CONFLICTS: Record<PollConflict['reason'], BotApiErrorCode & FixedCode> = {
  other_poll: 'CONFLICT_OTHER_GET_UPDATES',
  set_webhook: 'CONFLICT_SET_WEBHOOK',
  webhook_active: 'CONFLICT_WEBHOOK_ACTIVE',
};

/** Maps any error thrown by a method to the Bot API error it answers with; undefined = internal. */
export function toBotApiError(error: unknown): BotApiError | undefined {
  if (error instanceof BotApiError) return error;
  if (error instanceof FormattingError) return FORMATTING_ERRORS[error.kind](error.detail);
  if (error instanceof RateLimited) return botApiError('TOO_MANY_REQUESTS', { retryAfter: error.retryAfter });
  if (error instanceof PollConflict) return botApiError(CONFLICTS[error.reason]);
  if (error instanceof PlatformError) return platformErrorAnswer(error);
  return undefined;
}
