/**
 * The Bot API's answer to every error a method throws, in one place (reference §2): the surface's
 * own errors are made from the catalogue (error-catalogue.ts); the platform's are mapped here by
 * code and data, never from their message: every PlatformErrorCode has its entry.
 */
import { BotApiError, botApiError, type BotApiErrorCode } from './error-catalogue.js';
import {
  PlatformError,
  RateLimited,
  type PlatformErrorCode,
  type PlatformErrorDataOf,
} from '../platform/core/errors.js';
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

/**
 * A code thrown only for people (control API): a bot never meets it, and should one, that is a
 * fault of the server (answered 500 and logged, as any other).
 */
const controlOnly = () => INTERNAL_SERVER_ERROR;

/** A platform code answered with a catalogue entry that takes no data. */
const fixed = (code: BotApiErrorCode & FixedCode) => () => botApiError(code);

/** The catalogue's codes whose entry takes no data. */
export type FixedCode = {
  [C in BotApiErrorCode]: Parameters<typeof botApiError<C>>['length'] extends 1 ? C : never;
}[BotApiErrorCode];

export const PLATFORM_ERRORS: { [C in PlatformErrorCode]: (data: PlatformErrorDataOf<C>) => BotApiError } = {
  USER_NOT_FOUND: fixed('USER_NOT_FOUND'),
  BOT_NOT_FOUND: fixed('BOT_NOT_FOUND'),
  CHAT_NOT_FOUND: fixed('CHAT_NOT_FOUND'),
  PRIVATE_CHAT_NOT_FOUND: fixed('CHAT_NOT_FOUND'),
  PHONE_NUMBER_INVALID: controlOnly,
  PHONE_NUMBER_OCCUPIED: controlOnly,
  USERNAME_INVALID: controlOnly,
  USERNAME_OCCUPIED: controlOnly,
  NAME_INVALID: controlOnly,
  MESSAGE_TEXT_EMPTY: fixed('MESSAGE_TEXT_EMPTY'),
  MESSAGE_TOO_LONG: fixed('MESSAGE_TOO_LONG'),
  REPLY_MESSAGE_NOT_FOUND: fixed('REPLY_MESSAGE_NOT_FOUND'),
  BOT_BLOCKED: fixed('BOT_BLOCKED'),
  CHAT_WRITE_FORBIDDEN: fixed('CHAT_WRITE_FORBIDDEN'),
  CLOCK_CONTROL_DISABLED: controlOnly,
  MESSAGE_NOT_FOUND: controlOnly,
  MESSAGE_NOT_MODIFIED: fixed('MESSAGE_NOT_MODIFIED'),
  BUTTON_NOT_FOUND: controlOnly,
  QUERY_INVALID: fixed('QUERY_INVALID'),
  GAME_SHORT_NAME_INVALID: fixed('GAME_SHORT_NAME_INVALID'),
  GAME_SHORT_NAME_OCCUPIED: controlOnly,
  GAME_IN_CHANNEL: fixed('GAME_IN_CHANNEL'),
  GAME_MESSAGE_INVALID: fixed('MESSAGE_ID_INVALID'),
  GAME_SCORE_INVALID: fixed('GAME_SCORE_INVALID'),
  BOT_SCORE_NOT_MODIFIED: fixed('BOT_SCORE_NOT_MODIFIED'),
  BOOST_LIMIT_REACHED: controlOnly,
  BOOST_NOT_FOUND: controlOnly,
  BOT_VERIFIER_FORBIDDEN: fixed('BOT_VERIFIER_FORBIDDEN'),
  VERIFICATION_DESCRIPTION_INVALID: fixed('VERIFICATION_DESCRIPTION_INVALID'),
  BALANCE_TOO_LOW: fixed('BALANCE_TOO_LOW'),
  INVOICE_INVALID: (data) => botApiError('INVOICE_INVALID', data),
  INVOICE_NOT_FOUND: controlOnly,
  CHARGE_NOT_FOUND: fixed('CHARGE_NOT_FOUND'),
  CHARGE_ALREADY_REFUNDED: fixed('CHARGE_ALREADY_REFUNDED'),
  GIFT_INVALID: (data) => botApiError('GIFT_INVALID', data),
  PAID_MEDIA_INVALID: (data) => botApiError('PAID_MEDIA_INVALID', data),
  SUGGESTED_POST_INVALID: (data) => botApiError('SUGGESTED_POST_INVALID', data),
  PASSPORT_ERROR_INVALID: (data) => botApiError('PASSPORT_ERROR_INVALID', data),
  BOT_INLINE_DISABLED: controlOnly,
  INLINE_QUERY_NOT_FOUND: controlOnly,
  RESULT_NOT_FOUND: controlOnly,
  REACTION_INVALID: fixed('REACTION_INVALID'),
  BOT_KICKED: (data) => botApiError('BOT_KICKED', data),
  BOT_NOT_MEMBER: (data) => botApiError('BOT_NOT_MEMBER', data),
  CHAT_MIGRATED: (data) => botApiError('CHAT_MIGRATED', data),
  CHAT_ADMIN_REQUIRED: fixed('CHAT_ADMIN_REQUIRED'),
  BOT_GROUPS_BLOCKED: fixed('BOT_GROUPS_BLOCKED'),
  USER_ALREADY_PARTICIPANT: fixed('USER_ALREADY_PARTICIPANT'),
  USER_BANNED_IN_CHANNEL: fixed('USER_BANNED_IN_CHANNEL'),
  INVITE_HASH_INVALID: controlOnly,
  INVITE_HASH_EXPIRED: fixed('INVITE_HASH_EXPIRED'),
  BAD_REQUEST: controlOnly,
  NEED_ADMIN_RIGHTS_IN_CHANNEL: fixed('NEED_ADMIN_RIGHTS_IN_CHANNEL'),
  NOT_ENOUGH_RIGHTS_TO_SEND: (data) => botApiError('NOT_ENOUGH_RIGHTS_TO_SEND', data),
  MESSAGE_TO_EDIT_NOT_FOUND: fixed('MESSAGE_TO_EDIT_NOT_FOUND'),
  MESSAGE_CANT_BE_EDITED: fixed('MESSAGE_CANT_BE_EDITED'),
  NO_TEXT_TO_EDIT: fixed('NO_TEXT_TO_EDIT'),
  NO_CAPTION_TO_EDIT: fixed('NO_CAPTION_TO_EDIT'),
  NO_MEDIA_TO_EDIT: fixed('NO_MEDIA_TO_EDIT'),
  NO_LIVE_LOCATION_TO_EDIT: fixed('NO_LIVE_LOCATION_TO_EDIT'),
  LIVE_PERIOD_INVALID: fixed('LIVE_PERIOD_INVALID'),
  INLINE_MESSAGE_ID_INVALID: fixed('MESSAGE_ID_INVALID'),
  ALBUM_CONTENT_TYPE_INVALID: fixed('ALBUM_CONTENT_TYPE_INVALID'),
  ALBUM_MEDIA_TYPE_CHANGE: fixed('ALBUM_MEDIA_TYPE_CHANGE'),
  MESSAGE_TO_DELETE_NOT_FOUND: fixed('MESSAGE_TO_DELETE_NOT_FOUND'),
  MESSAGE_CANT_BE_DELETED: fixed('MESSAGE_CANT_BE_DELETED'),
  MESSAGE_TO_FORWARD_NOT_FOUND: fixed('MESSAGE_TO_FORWARD_NOT_FOUND'),
  MESSAGE_TO_COPY_NOT_FOUND: fixed('MESSAGE_TO_COPY_NOT_FOUND'),
  MESSAGE_CANT_BE_FORWARDED: fixed('MESSAGE_CANT_BE_FORWARDED'),
  MESSAGE_CANT_BE_COPIED: fixed('MESSAGE_CANT_BE_COPIED'),
  MESSAGE_TO_PIN_NOT_FOUND: fixed('MESSAGE_TO_PIN_NOT_FOUND'),
  MESSAGE_TO_UNPIN_NOT_FOUND: fixed('MESSAGE_TO_UNPIN_NOT_FOUND'),
  NOT_ENOUGH_RIGHTS_TO_PIN: fixed('NOT_ENOUGH_RIGHTS_TO_PIN'),
  MESSAGE_TO_REACT_NOT_FOUND: fixed('MESSAGE_TO_REACT_NOT_FOUND'),
  REACTIONS_TOO_MANY: fixed('REACTIONS_TOO_MANY'),
  POLL_TO_STOP_NOT_FOUND: fixed('POLL_TO_STOP_NOT_FOUND'),
  MESSAGE_IS_NOT_A_POLL: fixed('MESSAGE_IS_NOT_A_POLL'),
  POLL_CANT_BE_STOPPED: fixed('POLL_CANT_BE_STOPPED'),
  POLL_ALREADY_CLOSED: fixed('POLL_ALREADY_CLOSED'),
  CALLBACK_ANSWER_TOO_LONG: fixed('MESSAGE_TOO_LONG_TOKEN'),
  BOT_SETTING_TOO_LONG: (data) => botApiError('BOT_SETTING_TOO_LONG', data),
  WEBHOOK_URL_INVALID: fixed('WEBHOOK_URL_INVALID'),
  SECRET_TOKEN_TOO_LONG: fixed('SECRET_TOKEN_TOO_LONG'),
  SECRET_TOKEN_INVALID: fixed('SECRET_TOKEN_INVALID'),
  CERTIFICATE_TOO_BIG: (data) => botApiError('CERTIFICATE_TOO_BIG', data),
  CERTIFICATE_INVALID: (data) => botApiError('CERTIFICATE_INVALID', data),
  WEBHOOK_TARGET_REJECTED: (data) => botApiError('BAD_WEBHOOK', data),
  URL_CONTENT_FAILED: fixed('URL_CONTENT_FAILED'),
  URL_CONTENT_NOT_IMAGE: fixed('URL_CONTENT_WRONG_TYPE'),
  CHAT_TITLE_EMPTY: fixed('CHAT_TITLE_EMPTY'),
  CHAT_ABOUT_TOO_LONG: fixed('CHAT_ABOUT_TOO_LONG'),
  STRING_TOO_SHORT: (data) => botApiError('STRING_TOO_SHORT', data),
  STRING_TOO_LONG: (data) => botApiError('STRING_TOO_LONG', data),
  EPHEMERAL_INVALID: (data) => botApiError('EPHEMERAL_INVALID', data),
  CHAT_DESCRIPTION_NOT_MODIFIED: fixed('CHAT_DESCRIPTION_NOT_MODIFIED'),
  CHAT_NOT_MODIFIED: fixed('CHAT_NOT_MODIFIED'),
  // A person manages communities (control API, web client); the Bot API only reads them.
  COMMUNITY_NOT_FOUND: controlOnly,
  COMMUNITY_OWNER_REQUIRED: controlOnly,
  CHAT_ALREADY_IN_COMMUNITY: controlOnly,
  CHAT_NOT_IN_COMMUNITY: controlOnly,
  BUSINESS_CONNECTION_NOT_FOUND: fixed('BUSINESS_CONNECTION_NOT_FOUND'),
  BUSINESS_CONNECTION_INVALID: fixed('BUSINESS_CONNECTION_INVALID'),
  BOT_ACCESS_FORBIDDEN: fixed('BOT_ACCESS_FORBIDDEN'),
  BUSINESS_USERNAME_OCCUPIED: fixed('BUSINESS_USERNAME_OCCUPIED'),
  STORY_NOT_FOUND: fixed('STORY_NOT_FOUND'),
  BUSINESS_MESSAGE_INVALID: fixed('MESSAGE_ID_INVALID'),
  PRIVATE_CHAT_PERMISSIONS: fixed('PRIVATE_CHAT_PERMISSIONS'),
  CHANNEL_CHAT_PERMISSIONS: fixed('CHANNEL_CHAT_PERMISSIONS'),
  PRIVATE_CHAT_INFO: (data) => botApiError('PRIVATE_CHAT_INFO', data),
  NOT_ENOUGH_RIGHTS_TO_CHANGE_PERMISSIONS: fixed('NOT_ENOUGH_RIGHTS_TO_CHANGE_PERMISSIONS'),
  NOT_ENOUGH_RIGHTS_TO_CHANGE_INFO: (data) => botApiError('NOT_ENOUGH_RIGHTS_TO_CHANGE_INFO', data),
  CANT_REMOVE_CHAT_OWNER: fixed('CANT_REMOVE_CHAT_OWNER'),
  CANT_RESTRICT_SELF: fixed('CANT_RESTRICT_SELF'),
  NOT_ENOUGH_RIGHTS_TO_RESTRICT: fixed('NOT_ENOUGH_RIGHTS_TO_RESTRICT'),
  USER_IS_ADMINISTRATOR: fixed('USER_IS_ADMINISTRATOR'),
  CANT_LEAVE_PRIVATE_CHAT: fixed('CANT_LEAVE_PRIVATE_CHAT'),
  CHAT_DEACTIVATED: fixed('CHAT_DEACTIVATED'),
  CREATOR_CANT_LEAVE: fixed('CREATOR_CANT_LEAVE'),
  NOT_IN_CHAT: fixed('NOT_IN_CHAT'),
  CANT_BAN_IN_PRIVATE_CHAT: fixed('CANT_BAN_IN_PRIVATE_CHAT'),
  SUPERGROUPS_AND_CHANNELS_ONLY: fixed('SUPERGROUPS_AND_CHANNELS_ONLY'),
  SUPERGROUPS_ONLY: fixed('SUPERGROUPS_ONLY'),
  STICKERSET_INVALID: fixed('STICKERSET_INVALID'),
  STICKERSET_NAME_INVALID: fixed('STICKERSET_NAME_INVALID'),
  STICKERSET_NAME_OCCUPIED: fixed('STICKERSET_NAME_OCCUPIED'),
  STICKERS_TOO_MUCH: fixed('STICKERS_TOO_MUCH'),
  STICKER_NOT_MASK: fixed('STICKER_NOT_MASK'),
  STICKERSET_THUMBNAIL_FORMAT_INVALID: fixed('STICKERSET_THUMBNAIL_FORMAT_INVALID'),
  GROUPS_ONLY: fixed('GROUPS_ONLY'),
  CANT_PROMOTE_SELF: fixed('CANT_PROMOTE_SELF'),
  USER_NOT_PARTICIPANT: fixed('USER_NOT_PARTICIPANT'),
  RIGHT_FORBIDDEN: fixed('RIGHT_FORBIDDEN'),
  NEED_OWNER_RIGHTS_IN_GROUP: fixed('NEED_OWNER_RIGHTS_IN_GROUP'),
  NOT_ENOUGH_RIGHTS: fixed('NOT_ENOUGH_RIGHTS'),
  EMOJI_STATUS_ACCESS_DENIED: fixed('EMOJI_STATUS_ACCESS_DENIED'),
  MEMBER_TAG_EMOJI_NOT_ALLOWED: fixed('MEMBER_TAG_EMOJI_NOT_ALLOWED'),
  MESSAGE_NOT_CHECKLIST: fixed('MESSAGE_NOT_CHECKLIST'),
  CUSTOM_TITLE_OF_OWNER: fixed('CUSTOM_TITLE_OF_OWNER'),
  USER_NOT_ADMINISTRATOR: fixed('USER_NOT_ADMINISTRATOR'),
  NOT_ENOUGH_RIGHTS_TO_CHANGE_CUSTOM_TITLE: fixed('NOT_ENOUGH_RIGHTS_TO_CHANGE_CUSTOM_TITLE'),
  ADMIN_RANK_EMOJI_NOT_ALLOWED: fixed('ADMIN_RANK_EMOJI_NOT_ALLOWED'),
  ADMIN_RANK_INVALID: fixed('ADMIN_RANK_INVALID'),
  CHAT_NOT_FORUM: fixed('CHAT_NOT_FORUM'),
  TOPIC_NOT_MODIFIED: fixed('TOPIC_NOT_MODIFIED'),
  TOPIC_ID_INVALID: fixed('TOPIC_ID_INVALID'),
  MESSAGE_THREAD_NOT_FOUND: fixed('MESSAGE_THREAD_NOT_FOUND'),
  MESSAGE_THREAD_ID_INVALID: fixed('MESSAGE_THREAD_ID_INVALID'),
  TOPIC_CLOSED: fixed('TOPIC_CLOSED'),
  TOPIC_ICON_COLOR_INVALID: fixed('TOPIC_ICON_COLOR_INVALID'),
  NOT_ENOUGH_RIGHTS_TO_CREATE_TOPIC: fixed('NOT_ENOUGH_RIGHTS_TO_CREATE_TOPIC'),
  NOT_ENOUGH_RIGHTS_TO_EDIT_TOPIC: fixed('NOT_ENOUGH_RIGHTS_TO_EDIT_TOPIC'),
  NOT_ENOUGH_RIGHTS_TO_CLOSE_TOPIC: fixed('NOT_ENOUGH_RIGHTS_TO_CLOSE_TOPIC'),
  NOT_ENOUGH_RIGHTS_TO_DELETE_TOPIC: fixed('NOT_ENOUGH_RIGHTS_TO_DELETE_TOPIC'),
  MEMBER_LIST_INACCESSIBLE: fixed('MEMBER_LIST_INACCESSIBLE'),
  NO_ADMINISTRATORS_IN_PRIVATE_CHAT: fixed('NO_ADMINISTRATORS_IN_PRIVATE_CHAT'),
  INVITE_LINK_NAME_TOO_LONG: fixed('INVITE_LINK_NAME_TOO_LONG'),
  MEMBER_LIMIT_WITH_JOIN_REQUEST: fixed('MEMBER_LIMIT_WITH_JOIN_REQUEST'),
  CHAT_INVITE_PERMANENT: fixed('CHAT_INVITE_PERMANENT'),
  PRIVATE_CHAT_INVITE: fixed('PRIVATE_CHAT_INVITE'),
  NOT_ENOUGH_RIGHTS_TO_MANAGE_INVITE_LINKS: fixed('NOT_ENOUGH_RIGHTS_TO_MANAGE_INVITE_LINKS'),
  INVITE_LINK_EMPTY: fixed('INVITE_LINK_EMPTY'),
  INVITE_LINK_UNKNOWN: fixed('INVITE_HASH_EXPIRED'),
  INVITE_LINK_NOT_OWN: fixed('CHAT_ADMIN_REQUIRED'),
  PEER_ID_INVALID: fixed('PEER_ID_INVALID'),
  HIDE_REQUESTER_MISSING: fixed('HIDE_REQUESTER_MISSING'),
  REQUESTER_ALREADY_PARTICIPANT: fixed('REQUESTER_ALREADY_PARTICIPANT'),
};

/** The answer to a platform error: by its code and data. */
export function platformErrorAnswer<C extends PlatformErrorCode>(error: PlatformError<C>): BotApiError {
  const answer: (data: PlatformErrorDataOf<C>) => BotApiError = PLATFORM_ERRORS[error.code];
  return answer(error.data);
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
  if (error instanceof PlatformError) return platformErrorAnswer(error as PlatformError);
  return undefined;
}
