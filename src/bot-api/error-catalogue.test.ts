/**
 * The Bot API's error catalogue: every code has a status and the reference's prefix for it, no text
 * is there twice under two codes (but the platform's refusals the reference words alike), and every
 * platform error code is answered with its exact wire text (the texts below are what the Bot API
 * answered before the catalogue, and before the refusals were declared with their codes, ADR 0108:
 * they must not change).
 */
import { describe, expect, it } from 'vitest';
import {
  BOT_API_ERRORS,
  BotApiError,
  botApiError,
  type BotApiErrorCode,
  type BotApiErrorData,
} from './error-catalogue.js';
import { INTERNAL_SERVER_ERROR, platformErrorAnswer, toBotApiError } from './errors.js';
import { REFUSALS } from '../platform/assembly/refusals.js';
import {
  ChatMigrated,
  PlatformError,
  RateLimited,
  type PlatformErrorCode,
  type PlatformErrorData,
} from '../platform/core/errors.js';
import { formatText, FormattingError } from '../platform/formatting/index.js';
import { PollConflict } from '../platform/updates/update-queue.js';

type DataCode = {
  [C in BotApiErrorCode]: BotApiErrorData<C> extends undefined ? never : C;
}[BotApiErrorCode];
type SurfaceDataCode = Extract<DataCode, keyof typeof BOT_API_ERRORS>;

/** Sample data for every entry whose text is made from data, and the text it makes. */
/** Every surface code's; the refusals' that were there before ADR 0108 (a new one's own test shows its text). */
const SAMPLES: { [C in SurfaceDataCode]: [BotApiErrorData<C>, string] } & {
  [C in Exclude<DataCode, SurfaceDataCode>]?: [BotApiErrorData<C>, string];
} = {
  METHOD_NOT_SUPPORTED: [
    { method: 'sendGift' },
    'Not Implemented: method sendGift is not supported by Parley yet',
  ],
  PARAMETER_NOT_SUPPORTED: [
    { method: 'sendMessage', parameter: 'message_effect_id' },
    'Not Implemented: sendMessage.message_effect_id is not supported by Parley yet',
  ],
  TOO_MANY_REQUESTS: [{ retryAfter: 7 }, 'Too Many Requests: retry after 7'],
  PARAMETER_EMPTY: [{ name: 'chat_id' }, 'Bad Request: chat_id is empty'],
  PARAMETER_REQUIRED: [{ name: 'media' }, 'Bad Request: parameter "media" is required'],
  STRING_TOO_SHORT: [{ field: 'chat title', min: 1 }, 'Bad Request: chat title must be non-empty'],
  STRING_TOO_LONG: [{ field: 'topic name', max: 128 }, 'Bad Request: topic name is too long'],
  EPHEMERAL_INVALID: [{ reason: 'NOT_FOUND' }, 'Bad Request: ephemeral message not found'],
  JSON_UNPARSABLE: [{ object: 'menu button' }, "Bad Request: can't parse menu button JSON object"],
  UNPARSABLE: [
    { object: 'InputMedia', detail: 'Can\'t find field "type"' },
    'Bad Request: can\'t parse InputMedia: Can\'t find field "type"',
  ],
  OBJECT_EXPECTED: [{ object: 'reply markup' }, 'Bad Request: object expected as reply markup'],
  ARRAY_EXPECTED: [{ of: 'ReactionType' }, 'Bad Request: expected an Array of ReactionType'],
  TEXT_INVALID: [{ tdlib: 'Text must be non-empty' }, 'Bad Request: text must be non-empty'],
  BOT_KICKED: [{ chatType: 'group' }, 'Forbidden: bot was kicked from the group chat'],
  BOT_NOT_MEMBER: [{ chatType: 'channel' }, 'Forbidden: bot is not a member of the channel chat'],
  CHAT_MIGRATED: [{ migrateToChatId: -1001 }, 'Bad Request: group chat was upgraded to a supergroup chat'],
  NOT_ENOUGH_RIGHTS_TO_SEND: [
    { what: 'photos' },
    'Bad Request: not enough rights to send photos to the chat',
  ],
  BUTTON_URL_INVALID: [
    { url: 'ftp://x' },
    "Bad Request: inline keyboard button URL 'ftp://x' is invalid: Wrong HTTP URL",
  ],
  WEB_APP_BUTTON_URL_INVALID: [
    { url: 'http://x' },
    "Bad Request: keyboard button Web App URL 'http://x' is invalid: Only HTTPS links are allowed",
  ],
  MEDIA_MISSING: [{ media: 'video note' }, 'Bad Request: there is no video note in the request'],
  STICKER_NOT_UPLOADED: [
    { kind: 'animated' },
    'Bad Request: animated sticker must be uploaded as an InputFile',
  ],
  FILE_TYPE_UNUSABLE: [
    { type: 'Photo', as: 'Document' },
    "Bad Request: can't use file of type Photo as Document",
  ],
  ALBUM_MEDIA_NOT_MIXABLE: [{ media: 'audio' }, "Bad Request: audio can't be mixed with other media types"],
  ALBUM_ITEM_FAILED: [
    { position: 2, error: 'Wrong file identifier/HTTP URL specified' },
    'Bad Request: failed to send message #2 with the error message "Wrong file identifier/HTTP URL specified"',
  ],
  POLL_QUESTION_TOO_LONG: [{ max: 300 }, 'Bad Request: poll question length must not exceed 300'],
  POLL_TOO_FEW_OPTIONS: [{ min: 1 }, 'Bad Request: poll must have at least 1 option'],
  POLL_TOO_MANY_OPTIONS: [{ max: 12 }, "Bad Request: poll can't have more than 12 options"],
  POLL_OPTION_TOO_LONG: [{ max: 100 }, 'Bad Request: poll options length must not exceed 100'],
  EXPLANATION_TOO_LONG: [{ max: 200 }, 'Bad Request: explanation length must not exceed 200'],
  BOT_SETTING_TOO_LONG: [{ setting: 'short_description' }, 'Bad Request: short description is too long'],
  CERTIFICATE_TOO_BIG: [{ bytes: 4000000 }, 'Bad Request: certificate size is too big (4000000 bytes)'],
  CERTIFICATE_INVALID: [
    { reason: 'error:0680007B:asn1' },
    "Bad Request: bad webhook: Can't create an SSL context: error:0680007B:asn1",
  ],
  WEBHOOK_TARGET_REJECTED: [
    { reason: 'IP address 127.0.0.1 is reserved' },
    'Bad Request: bad webhook: IP address 127.0.0.1 is reserved',
  ],
  PRIVATE_CHAT_INFO: [{ field: 'title' }, "Bad Request: can't change private chat title"],
  VALUE_OUT_OF_RANGE: [
    { name: 'heading', min: 1, max: 360 },
    'Bad Request: heading must be between 1 and 360',
  ],
  VALUE_NOT_ONE_OF: [
    { name: 'type', values: ['quiz', 'regular'] },
    'Bad Request: type must be one of "quiz" or "regular"',
  ],
  ITEM_COUNT_INVALID: [
    { name: 'country_codes', min: 0, max: 12 },
    'Bad Request: country_codes must have 0-12 elements',
  ],
  VALUE_ZERO: [{ name: 'value' }, 'Bad Request: value must be non-zero'],
  INVOICE_INVALID: [{ reason: 'PAYMENT_PROVIDER_INVALID' }, 'Bad Request: PAYMENT_PROVIDER_INVALID'],
  GIFT_INVALID: [{ reason: 'STARGIFT_INVALID' }, 'Bad Request: STARGIFT_INVALID'],
  PAID_MEDIA_INVALID: [{ reason: 'STARS_AMOUNT_INVALID' }, 'Bad Request: STARS_AMOUNT_INVALID'],
  SUGGESTED_POST_INVALID: [
    { reason: 'suggested post was already approved' },
    'Bad Request: suggested post was already approved',
  ],
  PASSPORT_ERROR_INVALID: [
    { problem: 'HASH_INVALID', type: 'passport', source: 'selfie', field: 'file_hash' },
    'Bad Request: file_hash doesn\'t match the shared Telegram Passport element "passport"',
  ],
  NOT_ENOUGH_RIGHTS_TO_CHANGE_INFO: [
    { field: 'description' },
    'Bad Request: not enough rights to change chat description',
  ],
};

/** Each code's error, with its sample data when it takes any. */
function made(code: BotApiErrorCode): BotApiError {
  const sample = (SAMPLES as Partial<Record<BotApiErrorCode, [unknown, string]>>)[code];
  return (botApiError as (code: BotApiErrorCode, data?: unknown) => BotApiError)(code, sample?.[0]);
}

/** The reference's prefix of each status (reference §2.2, §2.3). */
const PREFIXES: Record<number, RegExp> = {
  400: /^Bad Request: ./,
  401: /^Unauthorized(: .+)?$/,
  403: /^Forbidden: ./,
  404: /^Not Found(: .+)?$/,
  409: /^Conflict: ./,
  413: /^Request Entity Too Large(: .+)?$/,
  421: /^Misdirected Request: ./,
  429: /^Too Many Requests: retry after \d+$/,
  500: /^Internal Server Error$/,
  501: /^Not Implemented: ./,
};

/** The surface's own codes, and the platform's that a bot can be answered with. */
const surfaceCodes = Object.keys(BOT_API_ERRORS) as BotApiErrorCode[];
const refusalCodes = Object.entries(REFUSALS)
  .filter(([code, refusal]) => typeof refusal.bot === 'string' || code in SAMPLES)
  .map(([code]) => code as BotApiErrorCode);
const codes = [...surfaceCodes, ...refusalCodes];

/** The platform's refusals the reference words as another code (each group shares one text). */
const WORDED_ALIKE = [
  ['CHAT_NOT_FOUND', 'PRIVATE_CHAT_NOT_FOUND'],
  ['MESSAGE_ID_INVALID', 'GAME_MESSAGE_INVALID', 'INLINE_MESSAGE_ID_INVALID', 'BUSINESS_MESSAGE_INVALID'],
  ['MESSAGE_TOO_LONG_TOKEN', 'CALLBACK_ANSWER_TOO_LONG'],
  ['URL_CONTENT_WRONG_TYPE', 'URL_CONTENT_NOT_IMAGE'],
  ['INVITE_HASH_EXPIRED', 'INVITE_LINK_UNKNOWN'],
  ['CHAT_ADMIN_REQUIRED', 'INVITE_LINK_NOT_OWN'],
];

describe('the Bot API error catalogue', () => {
  it('gives every code a status and a text with the prefix of that status', () => {
    for (const code of codes) {
      const error = made(code);
      expect(error, code).toBeInstanceOf(BotApiError);
      expect(error.reason).toBe(code);
      if (code in BOT_API_ERRORS)
        expect(error.code).toBe(BOT_API_ERRORS[code as keyof typeof BOT_API_ERRORS].status);
      // "Logged out" is the reference's one description without a prefix (reference §2.3).
      if (code === 'LOGGED_OUT') expect(error.description).toBe('Logged out');
      else expect(error.description, code).toMatch(PREFIXES[error.code] ?? /^$/);
    }
  });

  it('makes each text with data as the reference words it', () => {
    for (const [code, [, text]] of Object.entries(SAMPLES)) {
      expect(made(code as BotApiErrorCode).description).toBe(text);
    }
  });

  it('has each text under one code only, but the refusals worded alike', () => {
    const byText = new Map<string, string[]>();
    for (const code of codes) {
      const { description } = made(code);
      byText.set(description, [...(byText.get(description) ?? []), code]);
    }
    const shared = [...byText.values()].filter((list) => list.length > 1);
    expect(shared.map((list) => [...list].sort()).sort()).toEqual(
      WORDED_ALIKE.map((list) => [...list].sort()).sort(),
    );
  });

  it('carries the parameters of 429 and of an upgraded group', () => {
    expect(botApiError('TOO_MANY_REQUESTS', { retryAfter: 3 }).parameters).toEqual({ retry_after: 3 });
    expect(botApiError('CHAT_MIGRATED', { migrateToChatId: -1002 }).parameters).toEqual({
      migrate_to_chat_id: -1002,
    });
    expect(botApiError('CHAT_NOT_FOUND').parameters).toBeUndefined();
  });
});

/** Sample data of each platform code that carries data. */
const PLATFORM_DATA: { [C in keyof PlatformErrorData]?: PlatformErrorData[C] } = {
  BOT_KICKED: { chatType: 'supergroup' },
  BOT_NOT_MEMBER: { chatType: 'group' },
  CHAT_MIGRATED: { migrateToChatId: -100123 },
  NOT_ENOUGH_RIGHTS_TO_SEND: { what: 'text messages' },
  BOT_SETTING_TOO_LONG: { setting: 'name' },
  CERTIFICATE_TOO_BIG: { bytes: 3145729 },
  CERTIFICATE_INVALID: { reason: 'unsupported' },
  WEBHOOK_TARGET_REJECTED: { reason: 'Failed to resolve host: Name or service not known' },
  PRIVATE_CHAT_INFO: { field: 'description' },
  INVOICE_INVALID: { reason: 'CURRENCY_TOTAL_AMOUNT_INVALID' },
  GIFT_INVALID: { reason: 'STARGIFT_USAGE_LIMITED' },
  PAID_MEDIA_INVALID: { reason: 'PAID_MEDIA_INVALID' },
  SUGGESTED_POST_INVALID: { reason: 'suggested post was already declined' },
  PASSPORT_ERROR_INVALID: { problem: 'NOT_SHARED', type: 'email', source: 'unspecified' },
  NOT_ENOUGH_RIGHTS_TO_CHANGE_INFO: { field: 'title' },
  STRING_TOO_SHORT: { field: 'sticker set name', min: 2 },
  STRING_TOO_LONG: { field: 'tag', max: 16 },
  EPHEMERAL_INVALID: { reason: 'CHAT' },
};

const CONTROL_ONLY = 'control only';

/**
 * The Bot API's answer to each platform error; CONTROL_ONLY: thrown for people only, a fault on the
 * Bot API. Every code declared before ADR 0108; a new one's own test shows its text.
 */
const PLATFORM_WIRE: Partial<Record<PlatformErrorCode, string>> = {
  USER_NOT_FOUND: '400 Bad Request: user not found',
  BOT_NOT_FOUND: '400 Bad Request: bot not found',
  CHAT_NOT_FOUND: '400 Bad Request: chat not found',
  PRIVATE_CHAT_NOT_FOUND: '400 Bad Request: chat not found',
  PHONE_NUMBER_INVALID: CONTROL_ONLY,
  PHONE_NUMBER_OCCUPIED: CONTROL_ONLY,
  USERNAME_INVALID: CONTROL_ONLY,
  USERNAME_OCCUPIED: CONTROL_ONLY,
  NAME_INVALID: CONTROL_ONLY,
  MESSAGE_TEXT_EMPTY: '400 Bad Request: message text is empty',
  MESSAGE_TOO_LONG: '400 Bad Request: message is too long',
  REPLY_MESSAGE_NOT_FOUND: '400 Bad Request: message to be replied not found',
  BOT_BLOCKED: '403 Forbidden: bot was blocked by the user',
  CHAT_WRITE_FORBIDDEN: '400 Bad Request: have no write access to the chat',
  CLOCK_CONTROL_DISABLED: CONTROL_ONLY,
  MESSAGE_NOT_FOUND: CONTROL_ONLY,
  MESSAGE_NOT_MODIFIED:
    '400 Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
  BUTTON_NOT_FOUND: CONTROL_ONLY,
  QUERY_INVALID: '400 Bad Request: query is too old and response timeout expired or query ID is invalid',
  GAME_SHORT_NAME_INVALID: '400 Bad Request: GAME_SHORT_NAME_INVALID',
  GAME_SHORT_NAME_OCCUPIED: CONTROL_ONLY,
  GAME_IN_CHANNEL: "400 Bad Request: games can't be sent to channel chats",
  GAME_MESSAGE_INVALID: '400 Bad Request: MESSAGE_ID_INVALID',
  GAME_SCORE_INVALID: '400 Bad Request: score must be non-negative',
  BOT_SCORE_NOT_MODIFIED: '400 Bad Request: BOT_SCORE_NOT_MODIFIED',
  BOOST_LIMIT_REACHED: CONTROL_ONLY,
  BOOST_NOT_FOUND: CONTROL_ONLY,
  BOT_VERIFIER_FORBIDDEN: '400 Bad Request: BOT_VERIFIER_FORBIDDEN',
  VERIFICATION_DESCRIPTION_INVALID: '400 Bad Request: CUSTOM_DESCRIPTION_INVALID',
  BALANCE_TOO_LOW: '400 Bad Request: BALANCE_TOO_LOW',
  INVOICE_INVALID: '400 Bad Request: CURRENCY_TOTAL_AMOUNT_INVALID',
  INVOICE_NOT_FOUND: CONTROL_ONLY,
  CHARGE_NOT_FOUND: '400 Bad Request: CHARGE_NOT_FOUND',
  CHARGE_ALREADY_REFUNDED: '400 Bad Request: CHARGE_ALREADY_REFUNDED',
  GIFT_INVALID: '400 Bad Request: STARGIFT_USAGE_LIMITED',
  PAID_MEDIA_INVALID: '400 Bad Request: PAID_MEDIA_INVALID',
  SUGGESTED_POST_INVALID: '400 Bad Request: suggested post was already declined',
  PASSPORT_ERROR_INVALID: '400 Bad Request: Telegram Passport element "email" wasn\'t shared with the bot',
  BOT_INLINE_DISABLED: CONTROL_ONLY,
  INLINE_QUERY_NOT_FOUND: CONTROL_ONLY,
  RESULT_NOT_FOUND: CONTROL_ONLY,
  REACTION_INVALID: '400 Bad Request: REACTION_INVALID',
  BOT_KICKED: '403 Forbidden: bot was kicked from the supergroup chat',
  BOT_NOT_MEMBER: '403 Forbidden: bot is not a member of the group chat',
  CHAT_MIGRATED: '400 Bad Request: group chat was upgraded to a supergroup chat',
  CHAT_ADMIN_REQUIRED: '400 Bad Request: CHAT_ADMIN_REQUIRED',
  STRING_TOO_SHORT: '400 Bad Request: sticker set name is too short',
  STRING_TOO_LONG: '400 Bad Request: tag is too long',
  EPHEMERAL_INVALID: '400 Bad Request: ephemeral messages can be sent to group and supergroup chats only',
  CHAT_ABOUT_TOO_LONG: '400 Bad Request: CHAT_ABOUT_TOO_LONG',
  ADMIN_RANK_INVALID: '400 Bad Request: ADMIN_RANK_INVALID',
  BOT_GROUPS_BLOCKED: '400 Bad Request: this bot can not be added to groups',
  USER_ALREADY_PARTICIPANT: '400 Bad Request: the user is already a member',
  USER_BANNED_IN_CHANNEL: '400 Bad Request: the user is banned in this chat',
  INVITE_HASH_INVALID: CONTROL_ONLY,
  INVITE_HASH_EXPIRED: '400 Bad Request: INVITE_HASH_EXPIRED',
  BAD_REQUEST: CONTROL_ONLY,
  NEED_ADMIN_RIGHTS_IN_CHANNEL: '400 Bad Request: need administrator rights in the channel chat',
  NOT_ENOUGH_RIGHTS_TO_SEND: '400 Bad Request: not enough rights to send text messages to the chat',
  MESSAGE_TO_EDIT_NOT_FOUND: '400 Bad Request: message to edit not found',
  MESSAGE_CANT_BE_EDITED: "400 Bad Request: message can't be edited",
  NO_TEXT_TO_EDIT: '400 Bad Request: there is no text in the message to edit',
  NO_CAPTION_TO_EDIT: '400 Bad Request: there is no caption in the message to edit',
  NO_MEDIA_TO_EDIT: '400 Bad Request: there is no media in the message to edit',
  NO_LIVE_LOCATION_TO_EDIT: '400 Bad Request: there is no live location in the message to edit',
  LIVE_PERIOD_INVALID: '400 Bad Request: wrong live location period specified',
  INLINE_MESSAGE_ID_INVALID: '400 Bad Request: MESSAGE_ID_INVALID',
  ALBUM_CONTENT_TYPE_INVALID: "400 Bad Request: message content type can't be used in an album",
  ALBUM_MEDIA_TYPE_CHANGE: "400 Bad Request: can't change media type in the album",
  MESSAGE_TO_DELETE_NOT_FOUND: '400 Bad Request: message to delete not found',
  MESSAGE_CANT_BE_DELETED: "400 Bad Request: message can't be deleted",
  MESSAGE_TO_FORWARD_NOT_FOUND: '400 Bad Request: message to forward not found',
  MESSAGE_TO_COPY_NOT_FOUND: '400 Bad Request: message to copy not found',
  MESSAGE_CANT_BE_FORWARDED: "400 Bad Request: the message can't be forwarded",
  MESSAGE_CANT_BE_COPIED: "400 Bad Request: the message can't be copied",
  MESSAGE_TO_PIN_NOT_FOUND: '400 Bad Request: message to pin not found',
  MESSAGE_TO_UNPIN_NOT_FOUND: '400 Bad Request: message to unpin not found',
  NOT_ENOUGH_RIGHTS_TO_PIN: '400 Bad Request: not enough rights to manage pinned messages in the chat',
  MESSAGE_TO_REACT_NOT_FOUND: '400 Bad Request: message to react not found',
  REACTIONS_TOO_MANY: '400 Bad Request: REACTIONS_TOO_MANY',
  POLL_TO_STOP_NOT_FOUND: '400 Bad Request: message with poll to stop not found',
  MESSAGE_IS_NOT_A_POLL: '400 Bad Request: message is not a poll',
  POLL_CANT_BE_STOPPED: "400 Bad Request: poll can't be stopped",
  POLL_ALREADY_CLOSED: '400 Bad Request: poll has already been closed',
  CALLBACK_ANSWER_TOO_LONG: '400 Bad Request: MESSAGE_TOO_LONG',
  BOT_SETTING_TOO_LONG: '400 Bad Request: name is too long',
  WEBHOOK_URL_INVALID: '400 Bad Request: invalid webhook URL specified',
  SECRET_TOKEN_TOO_LONG: '400 Bad Request: secret token is too long',
  SECRET_TOKEN_INVALID: '400 Bad Request: secret token contains unallowed characters',
  CERTIFICATE_TOO_BIG: '400 Bad Request: certificate size is too big (3145729 bytes)',
  CERTIFICATE_INVALID: "400 Bad Request: bad webhook: Can't create an SSL context: unsupported",
  WEBHOOK_TARGET_REJECTED: '400 Bad Request: bad webhook: Failed to resolve host: Name or service not known',
  URL_CONTENT_FAILED: '400 Bad Request: failed to get HTTP URL content',
  URL_CONTENT_NOT_IMAGE: '400 Bad Request: wrong type of the web page content',
  CHAT_TITLE_EMPTY: '400 Bad Request: title must be non-empty',
  CHAT_DESCRIPTION_NOT_MODIFIED: '400 Bad Request: chat description is not modified',
  CHAT_NOT_MODIFIED: '400 Bad Request: CHAT_NOT_MODIFIED',
  COMMUNITY_NOT_FOUND: CONTROL_ONLY,
  COMMUNITY_OWNER_REQUIRED: CONTROL_ONLY,
  CHAT_ALREADY_IN_COMMUNITY: CONTROL_ONLY,
  CHAT_NOT_IN_COMMUNITY: CONTROL_ONLY,
  BUSINESS_CONNECTION_NOT_FOUND: '400 Bad Request: business connection not found',
  BUSINESS_CONNECTION_INVALID: '400 Bad Request: BUSINESS_CONNECTION_INVALID',
  BOT_ACCESS_FORBIDDEN: '400 Bad Request: BOT_ACCESS_FORBIDDEN',
  BUSINESS_USERNAME_OCCUPIED: '400 Bad Request: USERNAME_OCCUPIED',
  STORY_NOT_FOUND: '400 Bad Request: story not found',
  BUSINESS_MESSAGE_INVALID: '400 Bad Request: MESSAGE_ID_INVALID',
  PRIVATE_CHAT_PERMISSIONS: "400 Bad Request: can't change private chat permissions",
  CHANNEL_CHAT_PERMISSIONS: "400 Bad Request: can't change channel chat permissions",
  PRIVATE_CHAT_INFO: "400 Bad Request: can't change private chat description",
  NOT_ENOUGH_RIGHTS_TO_CHANGE_PERMISSIONS: '400 Bad Request: not enough rights to change chat permissions',
  NOT_ENOUGH_RIGHTS_TO_CHANGE_INFO: '400 Bad Request: not enough rights to change chat title',
  CANT_REMOVE_CHAT_OWNER: "400 Bad Request: can't remove chat owner",
  CANT_RESTRICT_SELF: "400 Bad Request: can't restrict self",
  NOT_ENOUGH_RIGHTS_TO_RESTRICT: '400 Bad Request: not enough rights to restrict/unrestrict chat member',
  USER_IS_ADMINISTRATOR: '400 Bad Request: user is an administrator of the chat',
  CANT_LEAVE_PRIVATE_CHAT: "400 Bad Request: can't leave private chats",
  CHAT_DEACTIVATED: '400 Bad Request: chat is deactivated',
  CREATOR_CANT_LEAVE: '400 Bad Request: the creator of a chat can not leave it',
  NOT_IN_CHAT: '400 Bad Request: not in the chat',
  CANT_BAN_IN_PRIVATE_CHAT: "400 Bad Request: can't ban members in private chats",
  SUPERGROUPS_AND_CHANNELS_ONLY: '400 Bad Request: method is available for supergroup and channel chats only',
  SUPERGROUPS_ONLY: '400 Bad Request: method is available only for supergroups',
  STICKERSET_INVALID: '400 Bad Request: STICKERSET_INVALID',
  STICKERSET_NAME_INVALID: '400 Bad Request: sticker set name invalid',
  STICKERSET_NAME_OCCUPIED: '400 Bad Request: sticker set name is already occupied',
  STICKERS_TOO_MUCH: '400 Bad Request: STICKERS_TOO_MUCH',
  STICKER_NOT_MASK: '400 Bad Request: STICKER_MASK_COORDS_NOT_SUPPORTED',
  STICKERSET_THUMBNAIL_FORMAT_INVALID:
    '400 Bad Request: the thumbnail format must match the format of the stickers in the set',
  GROUPS_ONLY: '400 Bad Request: method is available for group and supergroup chats only',
  CANT_PROMOTE_SELF: "400 Bad Request: can't promote self",
  USER_NOT_PARTICIPANT: '400 Bad Request: USER_NOT_PARTICIPANT',
  RIGHT_FORBIDDEN: '400 Bad Request: RIGHT_FORBIDDEN',
  NEED_OWNER_RIGHTS_IN_GROUP: '400 Bad Request: need owner rights in the group chat',
  NOT_ENOUGH_RIGHTS: '400 Bad Request: not enough rights',
  CUSTOM_TITLE_OF_OWNER: '400 Bad Request: only creator can edit their custom title',
  USER_NOT_ADMINISTRATOR: '400 Bad Request: user is not an administrator',
  NOT_ENOUGH_RIGHTS_TO_CHANGE_CUSTOM_TITLE:
    '400 Bad Request: not enough rights to change custom title of the user',
  ADMIN_RANK_EMOJI_NOT_ALLOWED: '400 Bad Request: ADMIN_RANK_EMOJI_NOT_ALLOWED',
  EMOJI_STATUS_ACCESS_DENIED: '400 Bad Request: USER_PERMISSION_DENIED',
  MEMBER_TAG_EMOJI_NOT_ALLOWED: '400 Bad Request: TAG_EMOJI_NOT_ALLOWED',
  MESSAGE_NOT_CHECKLIST: '400 Bad Request: message is not a checklist',
  CHAT_NOT_FORUM: '400 Bad Request: the chat is not a forum',
  TOPIC_NOT_MODIFIED: '400 Bad Request: TOPIC_NOT_MODIFIED',
  TOPIC_ID_INVALID: '400 Bad Request: TOPIC_ID_INVALID',
  MESSAGE_THREAD_NOT_FOUND: '400 Bad Request: message thread not found',
  MESSAGE_THREAD_ID_INVALID: '400 Bad Request: invalid message thread identifier specified',
  TOPIC_CLOSED: '400 Bad Request: TOPIC_CLOSED',
  TOPIC_ICON_COLOR_INVALID: '400 Bad Request: invalid icon color specified',
  NOT_ENOUGH_RIGHTS_TO_CREATE_TOPIC: '400 Bad Request: not enough rights to create a topic',
  NOT_ENOUGH_RIGHTS_TO_EDIT_TOPIC: '400 Bad Request: not enough rights to edit the topic',
  NOT_ENOUGH_RIGHTS_TO_CLOSE_TOPIC: '400 Bad Request: not enough rights to close or open the topic',
  NOT_ENOUGH_RIGHTS_TO_DELETE_TOPIC: '400 Bad Request: not enough rights to delete the topic',
  MEMBER_LIST_INACCESSIBLE: '400 Bad Request: member list is inaccessible',
  NO_ADMINISTRATORS_IN_PRIVATE_CHAT: '400 Bad Request: there are no administrators in the private chat',
  INVITE_LINK_NAME_TOO_LONG: '400 Bad Request: invite link name is too long',
  MEMBER_LIMIT_WITH_JOIN_REQUEST:
    "400 Bad Request: member limit can't be specified for links requiring administrator approval",
  CHAT_INVITE_PERMANENT: '400 Bad Request: CHAT_INVITE_PERMANENT',
  PRIVATE_CHAT_INVITE: "400 Bad Request: can't invite members to a private chat",
  NOT_ENOUGH_RIGHTS_TO_MANAGE_INVITE_LINKS: '400 Bad Request: not enough rights to manage chat invite link',
  INVITE_LINK_EMPTY: '400 Bad Request: invite link must be non-empty',
  INVITE_LINK_UNKNOWN: '400 Bad Request: INVITE_HASH_EXPIRED',
  INVITE_LINK_NOT_OWN: '400 Bad Request: CHAT_ADMIN_REQUIRED',
  PEER_ID_INVALID: '400 Bad Request: PEER_ID_INVALID',
  HIDE_REQUESTER_MISSING: '400 Bad Request: HIDE_REQUESTER_MISSING',
  REQUESTER_ALREADY_PARTICIPANT: '400 Bad Request: USER_ALREADY_PARTICIPANT',
  // the gateway's rules (GatewayError): a bot never meets them
  PHONE_NUMBER_NOT_FOUND: CONTROL_ONLY,
  PHONE_NUMBER_MISMATCH: CONTROL_ONLY,
  REQUEST_ID_REQUIRED: CONTROL_ONLY,
  REQUEST_ID_INVALID: CONTROL_ONLY,
  MESSAGE_ALREADY_SENT: CONTROL_ONLY,
  CODE_LENGTH_REQUIRED: CONTROL_ONLY,
  CODE_LENGTH_INVALID: CONTROL_ONLY,
  CODE_INVALID: CONTROL_ONLY,
  TTL_INVALID: CONTROL_ONLY,
  CALLBACK_URL_INVALID: CONTROL_ONLY,
  PAYLOAD_INVALID: CONTROL_ONLY,
  SENDER_USERNAME_INVALID: CONTROL_ONLY,
  SENDER_NOT_VERIFIED: CONTROL_ONLY,
  SENDER_NOT_OWNED: CONTROL_ONLY,
  BALANCE_NOT_ENOUGH: CONTROL_ONLY,
  GATEWAY_ACCOUNT_NOT_FOUND: CONTROL_ONLY,
  CHANNEL_NOT_FOUND: CONTROL_ONLY,
  DEVICE_NOT_FOUND: CONTROL_ONLY,
  VERIFICATION_NOT_FOUND: CONTROL_ONLY,
  NO_ONLINE_DEVICE: CONTROL_ONLY,
  VERIFICATION_MESSAGE_GONE: CONTROL_ONLY,
  CREDITS_INVALID: CONTROL_ONLY,
  PRICE_PREFIX_INVALID: CONTROL_ONLY,
};

function platformError(code: PlatformErrorCode): PlatformError {
  const data = (PLATFORM_DATA as Partial<Record<PlatformErrorCode, unknown>>)[code];
  const make = PlatformError as unknown as new (
    code: string,
    message: string,
    data?: unknown,
  ) => PlatformError;
  return new make(code, 'a description for people, which the Bot API never shows', data);
}

describe("the Bot API's answers to platform errors", () => {
  it('answers every platform code by code and data, whatever its message', () => {
    expect(Object.keys(PLATFORM_WIRE).filter((code) => !(code in REFUSALS))).toEqual([]);
    expect(Object.keys(PLATFORM_WIRE).length).toBe(189);
    for (const [code, wire] of Object.entries(PLATFORM_WIRE)) {
      const answer = toBotApiError(platformError(code as PlatformErrorCode))!;
      if (wire === CONTROL_ONLY) expect(answer, code).toBe(INTERNAL_SERVER_ERROR);
      else expect(`${answer.code} ${answer.description}`, code).toBe(wire);
    }
  });

  it('gives an upgraded group its migrate_to_chat_id', () => {
    const answer = toBotApiError(new ChatMigrated(-100777))!;
    expect(answer.parameters).toEqual({ migrate_to_chat_id: -100777 });
    expect(platformErrorAnswer(new ChatMigrated(-100777)).description).toBe(answer.description);
  });

  it('answers flood control, conflicts and formatting errors from the catalogue', () => {
    const limited = toBotApiError(new RateLimited(12))!;
    expect([limited.code, limited.description, limited.parameters]).toEqual([
      429,
      'Too Many Requests: retry after 12',
      { retry_after: 12 },
    ]);
    expect(toBotApiError(new PollConflict('set_webhook'))?.description).toBe(
      'Conflict: terminated by setWebhook request',
    );
    const formatting = (text: string, mode?: string, entities?: string) => {
      try {
        formatText(text, mode, entities);
      } catch (error) {
        expect(error).toBeInstanceOf(FormattingError);
        return toBotApiError(error)?.description;
      }
      return 'formatted';
    };
    expect(formatting('a.b', 'MarkdownV2')).toBe(
      "Bad Request: can't parse entities: Character '.' is reserved and must be escaped with the preceding '\\'",
    );
    expect(formatting('text', 'Unknown')).toBe('Bad Request: unsupported parse_mode');
    expect(formatting('text', undefined, '[{}]')).toBe(
      'Bad Request: can\'t parse MessageEntity: Can\'t find field "offset"',
    );
    expect(formatting('   ')).toBe('Bad Request: text must be non-empty');
    expect(toBotApiError(new Error('a fault'))).toBeUndefined();
  });
});
