/**
 * The Bot API's error catalogue (reference §2.3; ADR 0041): every error the server answers, by a
 * stable code, with its HTTP status (= error_code) and the exact description. A text that carries
 * data is a function of typed data. BotApiError instances are made here only, by botApiError();
 * the rest of the surface names codes, and bot-api/errors.ts maps the platform's errors to them.
 *
 * Descriptions follow the reference's normalisation (§2.2): "<Prefix>: <text>" with the prefix of
 * the status, the text's first letter lower-cased unless it is an ALL_CAPS token of the platform.
 * Families the reference words with one template (its argument readers: "can't parse X JSON
 * object", `parameter "X" is required`, "can't parse X: <detail>") are one entry each, the varying
 * name being data.
 *
 * Long because: it is one table of every error the Bot API answers, about 190 entries, which
 * ADR 0041 keeps in one place so that a code, its status and its text are found together.
 */
import type { ChatType } from '../storage/store.js';
import type { EphemeralRefusal } from '../platform/core/errors.js';

export interface ResponseParameters {
  migrate_to_chat_id?: number;
  retry_after?: number;
}

export class BotApiError extends Error {
  constructor(
    /** The catalogue's code. */
    readonly reason: BotApiErrorCode,
    /** The HTTP status, which is also the envelope's error_code. */
    readonly code: number,
    readonly description: string,
    readonly parameters?: ResponseParameters,
  ) {
    super(description);
  }
}

/** One error: its status and its description, fixed or made from data; optional parameters. */
export interface CatalogueEntry<D = never> {
  status: number;
  text: string | ((data: D) => string);
  parameters?: (data: D) => ResponseParameters;
}

/** "group chat", "channel chat": how the reference names a chat's kind in its texts. */
const CHAT_KIND: Record<ChatType, string> = {
  private: 'private chat',
  group: 'group chat',
  supergroup: 'supergroup chat',
  channel: 'channel chat',
};

/**
 * A TDLib error as the reference passes it on (§2.2): the first letter lower-cased unless the
 * second character is '_' or an upper-case letter.
 */
export function tdlibText(message: string): string {
  const second = message[1] ?? '';
  const keep = second === '_' || (second >= 'A' && second <= 'Z');
  return keep ? message : message.charAt(0).toLowerCase() + message.slice(1);
}

const EPHEMERAL_TEXTS: Record<EphemeralRefusal, string> = {
  CHAT: 'ephemeral messages can be sent to group and supergroup chats only',
  RECEIVER: 'the receiver of an ephemeral message must be a member of the chat who is not a bot',
  LIVE_PERIOD: 'live_period must be 0 for ephemeral messages',
  CALLBACK_QUERY: 'callback query is too old or was not sent by the receiver in this chat',
  REPLY: 'ephemeral message to be replied is not found or is too old',
  FORBIDDEN:
    'the bot must answer a callback query or an ephemeral message of the receiver within 15 seconds or be an administrator',
  NOT_FOUND: 'ephemeral message not found',
  // A person's ephemeral command (control API, ADR 0080); no Bot API call refuses with it.
  COMMAND: 'the text is not a command that a bot of the chat declared ephemeral',
  // 10.3 replace_callback_query_message without the query whose message it replaces (ADR 0096).
  REPLACE: 'callback_query_id must be specified to replace the callback query message',
};

const badRequest = (text: string) => ({ status: 400, text: `Bad Request: ${text}` }) as const;

export const BOT_API_ERRORS = {
  // ---- the envelope, tokens and methods (reference §1.5, §2.1)
  NOT_FOUND: { status: 404, text: 'Not Found' },
  METHOD_NOT_FOUND: { status: 404, text: 'Not Found: method not found' },
  INVALID_TOKEN: { status: 401, text: 'Unauthorized: invalid token specified' },
  UNAUTHORIZED: { status: 401, text: 'Unauthorized' },
  UNALLOWED_TOKEN: { status: 421, text: 'Misdirected Request: unallowed token specified' },
  /** The reference's one text without a prefix. */
  LOGGED_OUT: { status: 400, text: 'Logged out' },
  METHOD_NOT_SUPPORTED: {
    status: 501,
    text: (d: { method: string }) => `Not Implemented: method ${d.method} is not supported by Parley yet`,
  },
  /** A documented parameter Parley does not serve (declared/unserved.ts, ADR 0075): never ignored. */
  PARAMETER_NOT_SUPPORTED: {
    status: 501,
    text: (d: { method: string; parameter: string }) =>
      `Not Implemented: ${d.method}.${d.parameter} is not supported by Parley yet`,
  },
  /** The 10.3 ephemeral object on a send that does not take it: refused, never sent to everyone. */
  EPHEMERAL_NOT_SUPPORTED: {
    status: 501,
    text: 'Not Implemented: ephemeral_message_parameters is not supported by Parley for this method',
  },
  /** Bot API 10.2's ephemeral messages (ADR 0076): the reference words none of these; Parley's texts. */
  EPHEMERAL_INVALID: {
    status: 400,
    text: (d: { reason: EphemeralRefusal }) => `Bad Request: ${EPHEMERAL_TEXTS[d.reason]}`,
  },
  INTERNAL_SERVER_ERROR: { status: 500, text: 'Internal Server Error' },
  REQUEST_ENTITY_TOO_LARGE: { status: 413, text: 'Request Entity Too Large' },
  TOO_MANY_FILES: { status: 413, text: 'Request Entity Too Large: too many files attached' },
  TOO_MANY_REQUESTS: {
    status: 429,
    text: (d: { retryAfter: number }) => `Too Many Requests: retry after ${d.retryAfter}`,
    parameters: (d: { retryAfter: number }) => ({ retry_after: d.retryAfter }),
  },
  CONFLICT_OTHER_GET_UPDATES: {
    status: 409,
    text: 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
  },
  CONFLICT_SET_WEBHOOK: { status: 409, text: 'Conflict: terminated by setWebhook request' },
  CONFLICT_WEBHOOK_ACTIVE: {
    status: 409,
    text: "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
  },

  // ---- reading the request (reference §1.3)
  BOUNDARY_NOT_FOUND: badRequest('boundary not found'),
  BOUNDARY_VALUE_NOT_FOUND: badRequest('boundary value not found'),
  BOUNDARY_INVALID: badRequest('boundary too big or empty'),
  MULTIPART_FIELD_NAME_NOT_FOUND: badRequest('field name in multipart/form-data not found'),
  /** Parley's: the reference waits for the rest of the body. */
  MULTIPART_UNEXPECTED_END: badRequest('unexpected end of multipart/form-data'),

  // ---- parameters: the reference's argument readers (§1.4)
  PARAMETER_EMPTY: { status: 400, text: (d: { name: string }) => `Bad Request: ${d.name} is empty` },
  PARAMETER_REQUIRED: {
    status: 400,
    text: (d: { name: string }) => `Bad Request: parameter "${d.name}" is required`,
  },
  JSON_UNPARSABLE: {
    status: 400,
    text: (d: { object: string }) => `Bad Request: can't parse ${d.object} JSON object`,
  },
  /** A value read but refused: "can't parse InputMedia: Can't find field "type"". */
  UNPARSABLE: {
    status: 400,
    text: (d: { object: string; detail: string }) => `Bad Request: can't parse ${d.object}: ${d.detail}`,
  },
  OBJECT_EXPECTED: {
    status: 400,
    text: (d: { object: string }) => `Bad Request: object expected as ${d.object}`,
  },
  ARRAY_EXPECTED: {
    status: 400,
    text: (d: { of: string }) => `Bad Request: expected an Array of ${d.of}`,
  },
  UNSUPPORTED_PARSE_MODE: badRequest('unsupported parse_mode'),
  /** TDLib's refusal of a formatted text ("text must be non-empty"), passed on (§2.2). */
  TEXT_INVALID: { status: 400, text: (d: { tdlib: string }) => `Bad Request: ${tdlibText(d.tdlib)}` },

  // ---- chats, users and message ids
  CHAT_NOT_FOUND: badRequest('chat not found'),
  CHAT_IDENTIFIER_NOT_SPECIFIED: badRequest('chat identifier is not specified'),
  USER_NOT_FOUND: badRequest('user not found'),
  BOT_NOT_FOUND: badRequest('bot not found'),
  USER_ID_INVALID: badRequest('invalid user_id specified'),
  OFFSET_NEGATIVE: badRequest('offset must be non-negative'),
  BUSINESS_CONNECTION_NOT_FOUND: badRequest('business connection not found'),
  // ---- business accounts, stories, managed bots (platform/business, stories, managed-bots; ADR 0049)
  /** A connection the person disabled (text unverified). */
  BUSINESS_CONNECTION_INVALID: badRequest('BUSINESS_CONNECTION_INVALID'),
  /** The connection lacks the right the call needs (text unverified). */
  BOT_ACCESS_FORBIDDEN: badRequest('BOT_ACCESS_FORBIDDEN'),
  /** setBusinessAccountUsername: the username is taken (text unverified). */
  BUSINESS_USERNAME_OCCUPIED: badRequest('USERNAME_OCCUPIED'),
  /** setBusinessAccountUsername: not 5-32 letters, digits and underscores (text unverified). */
  BUSINESS_USERNAME_INVALID: badRequest('USERNAME_INVALID'),
  /** setBusinessAccountName: first_name empty or over 64 characters (text unverified). */
  BUSINESS_FIRST_NAME_INVALID: badRequest('FIRSTNAME_INVALID'),
  /** setBusinessAccountName: last_name over 64 characters (text unverified). */
  BUSINESS_LAST_NAME_INVALID: badRequest('LASTNAME_INVALID'),
  /** setBusinessAccountBio: over 140 characters (text unverified). */
  BUSINESS_BIO_TOO_LONG: badRequest('ABOUT_TOO_LONG'),
  /** editStory, deleteStory, repostStory of a story that is not there (TDLib's text, unverified). */
  STORY_NOT_FOUND: badRequest('story not found'),
  /** postStory, repostStory: active_period not 6 h, 12 h, 1 day or 2 days (text unverified). */
  STORY_ACTIVE_PERIOD_INVALID: badRequest('invalid active_period specified'),
  /** postStory, editStory: a caption over 2048 characters after entities parsing (text unverified). */
  STORY_CAPTION_TOO_LONG: badRequest('caption is too long'),
  /** A business method's chat_id that is not an integer (reference §1.4 strict integers). */
  BUSINESS_CHAT_ID_INVALID: badRequest('chat identifier must be a valid Integer'),
  /** banChatSenderChat, unbanChatSenderChat: sender_chat_id read strictly (reference §1.4). */
  SENDER_CHAT_ID_INVALID: badRequest('sender_chat_id is not a valid Integer'),
  /** setBusinessAccountGiftSettings without accepted_gift_types (text unverified). */
  ACCEPTED_GIFT_TYPES_MISSING: badRequest('accepted_gift_types must be specified'),
  /** setManagedBotAccessSettings: more than 10 added_user_ids (text unverified). */
  TOO_MANY_ADDED_USERS: badRequest('too many users specified'),
  /** transferBusinessAccountStars: star_count not 1-10000 (text unverified). */
  BUSINESS_STAR_COUNT_INVALID: badRequest('star_count must be between 1 and 10000'),
  MESSAGE_IDENTIFIER_NOT_SPECIFIED: badRequest('message identifier is not specified'),
  MESSAGE_IDENTIFIERS_NOT_SPECIFIED: badRequest('message identifiers are not specified'),
  /** forwardMessages and copyMessages (get_message_ids). */
  TOO_MANY_MESSAGE_IDENTIFIERS: badRequest('too many message identifiers specified'),
  /** deleteMessages words it with a capital letter. */
  TOO_MANY_MESSAGE_IDENTIFIERS_TO_DELETE: badRequest('Too many message identifiers specified'),
  MESSAGE_IDENTIFIER_NOT_A_NUMBER: badRequest('message identifier must be a Number'),
  MESSAGE_IDENTIFIER_NOT_AN_INTEGER: badRequest('message identifier must be an Integer'),
  MESSAGE_IDENTIFIER_UNPARSABLE: badRequest("can't parse message identifier as Number"),
  MESSAGE_IDENTIFIER_INVALID: badRequest('invalid message identifier specified'),
  MESSAGE_ID_INVALID: badRequest('MESSAGE_ID_INVALID'),

  // ---- chat access (chat-access.ts; reference §2.3)
  BOT_KICKED: {
    status: 403,
    text: (d: { chatType: ChatType }) => `Forbidden: bot was kicked from the ${CHAT_KIND[d.chatType]}`,
  },
  BOT_NOT_MEMBER: {
    status: 403,
    text: (d: { chatType: ChatType }) => `Forbidden: bot is not a member of the ${CHAT_KIND[d.chatType]}`,
  },
  BOT_BLOCKED: { status: 403, text: 'Forbidden: bot was blocked by the user' },
  CHAT_MIGRATED: {
    status: 400,
    text: 'Bad Request: group chat was upgraded to a supergroup chat',
    parameters: (d: { migrateToChatId: number }) => ({ migrate_to_chat_id: d.migrateToChatId }),
  },
  CHAT_WRITE_FORBIDDEN: badRequest('have no write access to the chat'),
  NEED_ADMIN_RIGHTS_IN_CHANNEL: badRequest('need administrator rights in the channel chat'),
  NOT_ENOUGH_RIGHTS_TO_SEND: {
    status: 400,
    text: (d: { what: string }) => `Bad Request: not enough rights to send ${d.what} to the chat`,
  },

  // ---- sending
  MESSAGE_TEXT_EMPTY: badRequest('message text is empty'),
  TEXT_TOO_LONG: badRequest('text is too long'),
  MESSAGE_TOO_LONG: badRequest('message is too long'),
  MESSAGE_CAPTION_TOO_LONG: badRequest('message caption is too long'),
  REPLY_MESSAGE_NOT_FOUND: badRequest('message to be replied not found'),
  INLINE_KEYBOARD_EXPECTED: badRequest('inline keyboard expected'),
  BUTTON_DATA_INVALID: badRequest('BUTTON_DATA_INVALID'),
  BUTTON_URL_INVALID: {
    status: 400,
    text: (d: { url: string }) =>
      `Bad Request: inline keyboard button URL '${d.url}' is invalid: Wrong HTTP URL`,
  },
  CHAT_ACTION_INVALID: badRequest('wrong parameter action in request'),
  EMOTICON_INVALID: badRequest('EMOTICON_INVALID'),
  VCARD_TOO_LONG: badRequest('vcard is too long'),
  LOCATION_INVALID: badRequest('wrong location specified'),
  VENUE_LOCATION_INVALID: badRequest('wrong venue location specified'),
  LIVE_PERIOD_INVALID: badRequest('wrong live location period specified'),
  LIVE_HEADING_INVALID: badRequest('wrong live location heading specified'),
  PROXIMITY_ALERT_RADIUS_INVALID: badRequest('wrong live location proximity alert radius specified'),

  // ---- files (reference §5)
  MEDIA_MISSING: {
    status: 400,
    text: (d: { media: string }) => `Bad Request: there is no ${d.media} in the request`,
  },
  /** setChatPhoto with a `photo` that is a string (file_id, URL): process_set_chat_photo_query. */
  PHOTO_NOT_UPLOADED: badRequest('photo must be uploaded as an InputFile'),
  FILE_EMPTY: badRequest('file must be non-empty'),
  FILE_TOO_BIG: badRequest('file is too big'),
  FILE_ID_NOT_SPECIFIED: badRequest('file_id not specified'),
  /** A sticker's file_id missing (sticker, old_sticker): the reference's get_sticker_input_file. */
  STICKER_NOT_SPECIFIED: badRequest('sticker is not specified'),
  /** No sticker at all, nor a legacy file (get_legacy_input_sticker). */
  STICKER_FILE_MISSING: badRequest('there is no sticker file in the request'),
  /** A legacy tgs_sticker/webm_sticker given as a string (file_id, URL): get_legacy_input_sticker. */
  STICKER_NOT_UPLOADED: {
    status: 400,
    text: (d: { kind: 'animated' | 'video' }) =>
      `Bad Request: ${d.kind} sticker must be uploaded as an InputFile`,
  },
  FILE_ID_INVALID: badRequest('invalid file_id'),
  FILE_REFERENCE_INVALID: badRequest('wrong file identifier/HTTP URL specified'),
  FILE_TYPE_MISMATCH: badRequest('type of file mismatch'),
  REMOTE_FILE_ID_INVALID: badRequest("wrong remote file identifier specified: can't unserialize it"),
  FILE_TYPE_UNUSABLE: {
    status: 400,
    text: (d: { type: string; as: string }) => `Bad Request: can't use file of type ${d.type} as ${d.as}`,
  },
  /** WEBPAGE_CURL_FAILED (§2.2). */
  URL_CONTENT_FAILED: badRequest('failed to get HTTP URL content'),
  /** WEBPAGE_MEDIA_EMPTY (§2.2). */
  URL_CONTENT_WRONG_TYPE: badRequest('wrong type of the web page content'),
  PHOTO_SAVE_FILE_INVALID: badRequest('PHOTO_SAVE_FILE_INVALID'),
  IMAGE_PROCESS_FAILED: badRequest('IMAGE_PROCESS_FAILED'),
  PHOTO_INVALID_DIMENSIONS: badRequest('PHOTO_INVALID_DIMENSIONS'),
  VIDEO_NOTE_LENGTH_INVALID: badRequest('wrong video note length'),

  // ---- albums (sendMediaGroup, editMessageMedia)
  NO_MESSAGES_TO_SEND: badRequest('there are no messages to send'),
  ALBUM_TOO_LARGE: badRequest('too many messages to send as an album'),
  ALBUM_MEDIA_NOT_MIXABLE: {
    status: 400,
    text: (d: { media: string }) => `Bad Request: ${d.media} can't be mixed with other media types`,
  },
  /** An item that failed, by its position, with its own text capitalised (TDLib's send_message_group). */
  ALBUM_ITEM_FAILED: {
    status: 400,
    text: (d: { position: number; error: string }) =>
      `Bad Request: failed to send message #${d.position} with the error message "${d.error}"`,
  },

  // ---- polls
  POLL_TYPE_UNSUPPORTED: badRequest('unsupported poll type specified'),
  POLL_QUESTION_EMPTY: badRequest('poll question must be non-empty'),
  POLL_QUESTION_TOO_LONG: {
    status: 400,
    text: (d: { max: number }) => `Bad Request: poll question length must not exceed ${d.max}`,
  },
  POLL_TOO_FEW_OPTIONS: {
    status: 400,
    text: (d: { min: number }) => `Bad Request: poll must have at least ${d.min} option`,
  },
  POLL_TOO_MANY_OPTIONS: {
    status: 400,
    text: (d: { max: number }) => `Bad Request: poll can't have more than ${d.max} options`,
  },
  POLL_OPTION_EMPTY: badRequest('poll options must be non-empty'),
  POLL_OPTION_TOO_LONG: {
    status: 400,
    text: (d: { max: number }) => `Bad Request: poll options length must not exceed ${d.max}`,
  },
  POLL_OPTION_NOT_A_STRING: badRequest('expected an option to be of type String'),
  POLL_OPTION_TEXT_MISSING: badRequest('can\'t find field "text"'),
  POLL_OPTION_TEXT_NOT_A_STRING: badRequest('field "text" must be of type String'),
  CORRECT_OPTION_INVALID: badRequest('wrong correct option ID specified'),
  EXPLANATION_TOO_LONG: {
    status: 400,
    text: (d: { max: number }) => `Bad Request: explanation length must not exceed ${d.max}`,
  },
  POLL_TO_STOP_NOT_FOUND: badRequest('message with poll to stop not found'),
  MESSAGE_IS_NOT_A_POLL: badRequest('message is not a poll'),
  POLL_CANT_BE_STOPPED: badRequest("poll can't be stopped"),
  POLL_ALREADY_CLOSED: badRequest('poll has already been closed'),

  // ---- edits and deletions
  MESSAGE_TO_EDIT_NOT_FOUND: badRequest('message to edit not found'),
  MESSAGE_CANT_BE_EDITED: badRequest("message can't be edited"),
  NO_TEXT_TO_EDIT: badRequest('there is no text in the message to edit'),
  NO_CAPTION_TO_EDIT: badRequest('there is no caption in the message to edit'),
  NO_MEDIA_TO_EDIT: badRequest('there is no media in the message to edit'),
  NO_LIVE_LOCATION_TO_EDIT: badRequest('there is no live location in the message to edit'),
  ALBUM_CONTENT_TYPE_INVALID: badRequest("message content type can't be used in an album"),
  ALBUM_MEDIA_TYPE_CHANGE: badRequest("can't change media type in the album"),
  // TDLib's edit_inline_message_media: an inline message's new media can't be an upload.
  INLINE_MEDIA_UPLOAD: badRequest('invalid message content specified'),
  MESSAGE_NOT_MODIFIED: badRequest(
    'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
  ),
  MESSAGE_TO_DELETE_NOT_FOUND: badRequest('message to delete not found'),
  MESSAGE_CANT_BE_DELETED: badRequest("message can't be deleted"),

  // ---- forwards, copies, pins, reactions
  MESSAGE_TO_FORWARD_NOT_FOUND: badRequest('message to forward not found'),
  MESSAGE_TO_COPY_NOT_FOUND: badRequest('message to copy not found'),
  MESSAGE_CANT_BE_FORWARDED: badRequest("the message can't be forwarded"),
  MESSAGE_CANT_BE_COPIED: badRequest("the message can't be copied"),
  MESSAGE_TO_PIN_NOT_FOUND: badRequest('message to pin not found'),
  MESSAGE_TO_UNPIN_NOT_FOUND: badRequest('message to unpin not found'),
  NOT_ENOUGH_RIGHTS_TO_PIN: badRequest('not enough rights to manage pinned messages in the chat'),
  MESSAGE_TO_REACT_NOT_FOUND: badRequest('message to react not found'),
  REACTION_TYPE_INVALID: badRequest('invalid reaction type specified'),
  REACTION_INVALID: badRequest('REACTION_INVALID'),
  REACTIONS_TOO_MANY: badRequest('REACTIONS_TOO_MANY'),

  // ---- callback and inline queries
  QUERY_INVALID: badRequest('query is too old and response timeout expired or query ID is invalid'),

  // ---- games and verification (platform/games, platform/verification; ADR 0044)
  /** sendGame with a short name the bot has no game of (the platform's token, text unverified). */
  GAME_SHORT_NAME_INVALID: badRequest('GAME_SHORT_NAME_INVALID'),
  /** sendGame to a channel (text unverified). */
  GAME_IN_CHANNEL: badRequest("games can't be sent to channel chats"),
  /** setGameScore with a negative score (text unverified). */
  GAME_SCORE_INVALID: badRequest('score must be non-negative'),
  /** setGameScore with a score not greater than the user's and no force (the platform's token, text unverified). */
  BOT_SCORE_NOT_MODIFIED: badRequest('BOT_SCORE_NOT_MODIFIED'),
  /** A bot that is not a verifier (the platform's 403 token, made 400 as §2.2 says; text unverified). */
  BOT_VERIFIER_FORBIDDEN: badRequest('BOT_VERIFIER_FORBIDDEN'),
  /** custom_description over 70 characters, or given by a verifier that may not (text unverified). */
  VERIFICATION_DESCRIPTION_INVALID: badRequest('CUSTOM_DESCRIPTION_INVALID'),
  // ---- payments and Stars (platform/payments/; the platform's tokens, texts unverified)
  BALANCE_TOO_LOW: badRequest('BALANCE_TOO_LOW'),
  /** An invoice the platform refuses, by its token (CURRENCY_TOTAL_AMOUNT_INVALID, ...). */
  INVOICE_INVALID: { status: 400, text: (d: { reason: string }) => `Bad Request: ${tdlibText(d.reason)}` },
  CHARGE_NOT_FOUND: badRequest('CHARGE_NOT_FOUND'),
  CHARGE_ALREADY_REFUNDED: badRequest('CHARGE_ALREADY_REFUNDED'),
  // ---- gifts and paid media (platform/gifts/, platform/paid-media/; ADR 0050; tokens unverified)
  /** A gift the platform refuses, by its token (STARGIFT_INVALID, STARGIFT_USAGE_LIMITED, ...). */
  GIFT_INVALID: { status: 400, text: (d: { reason: string }) => `Bad Request: ${tdlibText(d.reason)}` },
  /** Paid media the platform refuses, by its token (PAID_MEDIA_INVALID, STARS_AMOUNT_INVALID, ...). */
  PAID_MEDIA_INVALID: {
    status: 400,
    text: (d: { reason: string }) => `Bad Request: ${tdlibText(d.reason)}`,
  },
  /** approveSuggestedPost / declineSuggestedPost refused: the reason is the text (ADR 0053, unverified). */
  SUGGESTED_POST_INVALID: {
    status: 400,
    text: (d: { reason: string }) => `Bad Request: ${tdlibText(d.reason)}`,
  },
  /**
   * setPassportDataErrors: an error that names no part of what the person shared (ADR 0054; texts
   * Parley's, unverified: the reference server passes such errors on to the platform).
   */
  PASSPORT_ERROR_INVALID: {
    status: 400,
    text: (d: { problem: string; type: string; source: string; field?: string }) => {
      const element = `Telegram Passport element "${d.type}"`;
      switch (d.problem) {
        case 'TYPE_INVALID':
          return `Bad Request: wrong Telegram Passport element type "${d.type}" specified for error source "${d.source}"`;
        case 'NOT_SHARED':
          return `Bad Request: ${element} wasn't shared with the bot`;
        case 'FIELD_NAME_INVALID':
          return `Bad Request: field "${d.field}" isn't a data field of ${element}`;
        case 'FILE_HASHES_EMPTY':
          return 'Bad Request: file_hashes must be non-empty';
        default:
          return `Bad Request: ${d.field} doesn't match the shared ${element}`;
      }
    },
  },
  SHIPPING_OPTIONS_REQUIRED: badRequest('SHIPPING_OPTIONS_EMPTY'),
  SHIPPING_NOT_AVAILABLE: badRequest('SHIPPING_NOT_AVAILABLE'),
  /** The platform's token for a callback answer's or an inline result's text that is too long. */
  MESSAGE_TOO_LONG_TOKEN: badRequest('MESSAGE_TOO_LONG'),
  MEDIA_CAPTION_TOO_LONG: badRequest('MEDIA_CAPTION_TOO_LONG'),
  TOO_MANY_INLINE_RESULTS: badRequest('too many inline query results specified'),
  RESULT_ID_EMPTY: badRequest('RESULT_ID_EMPTY'),
  RESULT_ID_INVALID: badRequest('RESULT_ID_INVALID'),
  RESULT_ID_DUPLICATE: badRequest('RESULT_ID_DUPLICATE'),
  NEXT_OFFSET_INVALID: badRequest('NEXT_OFFSET_INVALID'),
  START_PARAMETER_EMPTY: badRequest("can't use empty start_parameter"),
  START_PARAMETER_TOO_LONG: badRequest('too long start_parameter specified'),
  START_PARAMETER_INVALID: badRequest('unallowed characters in start_parameter are used'),
  // ---- Mini Apps, join-request queries and guest mode (ADR 0047)
  INLINE_RESULT_NOT_SPECIFIED: badRequest("result isn't specified"),
  INLINE_RESULT_JSON_UNPARSABLE: badRequest("can't parse JSON encoded web view query results"),
  /** (text unverified: the reference server predates answerChatJoinRequestQuery) */
  JOIN_REQUEST_QUERY_RESULT_INVALID: badRequest('result must be one of "approve", "decline" or "queue"'),
  /** A web_app button outside a private chat, a prepared button of another type (text unverified). */
  BUTTON_TYPE_INVALID: badRequest('BUTTON_TYPE_INVALID'),
  /** (text unverified) */
  WEB_APP_BUTTON_URL_INVALID: {
    status: 400,
    text: (d: { url: string }) =>
      `Bad Request: keyboard button Web App URL '${d.url}' is invalid: Only HTTPS links are allowed`,
  },

  // ---- bot settings
  LANGUAGE_CODE_INVALID: badRequest('invalid language code specified'),
  SCOPE_IN_PRIVATE_CHAT: badRequest("can't use specified scope in private chats"),
  COMMANDS_IN_CHANNEL: badRequest("can't change commands in channel chats"),
  COMMANDS_NOT_AN_ARRAY: badRequest('Field "commands" must be of type Array'),
  BOT_COMMANDS_TOO_MUCH: badRequest('BOT_COMMANDS_TOO_MUCH'),
  COMMAND_EMPTY: badRequest('command must be non-empty'),
  COMMAND_TOO_LONG: badRequest('command length must not exceed 32'),
  COMMAND_DESCRIPTION_EMPTY: badRequest('command description must be non-empty'),
  COMMAND_DESCRIPTION_TOO_LONG: badRequest('command description length must not exceed 256'),
  BOT_COMMAND_INVALID: badRequest('BOT_COMMAND_INVALID'),
  BOT_SETTING_TOO_LONG: {
    status: 400,
    text: (d: { setting: 'name' | 'description' | 'short_description' }) =>
      `Bad Request: ${d.setting.replace('_', ' ')} is too long`,
  },
  MENU_BUTTON_TEXT_EMPTY: badRequest('menu button text must be non-empty'),
  WEB_APP_URL_INVALID: badRequest('invalid web app URL specified'),
  MENU_BUTTON_TYPE_UNSUPPORTED: badRequest('unsupported menu button type specified'),

  // ---- webhooks (reference §4.1)
  WEBHOOK_URL_INVALID: badRequest('invalid webhook URL specified'),
  SECRET_TOKEN_TOO_LONG: badRequest('secret token is too long'),
  SECRET_TOKEN_INVALID: badRequest('secret token contains unallowed characters'),
  CERTIFICATE_TOO_BIG: {
    status: 400,
    text: (d: { bytes: number }) => `Bad Request: certificate size is too big (${d.bytes} bytes)`,
  },
  CERTIFICATE_NOT_A_FILE: badRequest('bad webhook: certificate must be uploaded as a file'),
  CERTIFICATE_INVALID: {
    status: 400,
    text: (d: { reason: string }) => `Bad Request: bad webhook: Can't create an SSL context: ${d.reason}`,
  },
  /** The address refused (outbound-connector.ts): "Failed to resolve host: ...", "IP address ... is reserved". */
  BAD_WEBHOOK: { status: 400, text: (d: { reason: string }) => `Bad Request: bad webhook: ${d.reason}` },

  // ---- chat settings, members, invite links, join requests (groups.ts, members.ts, ...)
  CHAT_TITLE_EMPTY: badRequest('title must be non-empty'),
  /** setChatDescription over 255 characters (the platform's token; TDLib passes it on). */
  CHAT_ABOUT_TOO_LONG: badRequest('CHAT_ABOUT_TOO_LONG'),
  /**
   * A documented string length (issue 25, ADR 0071) the reference's texts do not cover, in its
   * family of "title must be non-empty" and "secret token is too long" (Parley's texts).
   */
  STRING_TOO_SHORT: {
    status: 400,
    text: (d: { field: string; min: number }) =>
      d.min <= 1 ? `Bad Request: ${d.field} must be non-empty` : `Bad Request: ${d.field} is too short`,
  },
  STRING_TOO_LONG: {
    status: 400,
    text: (d: { field: string; max: number }) => `Bad Request: ${d.field} is too long`,
  },
  /**
   * A documented range, enumeration, item count or non-zero value refused by the runner (ADR 0084)
   * where the reference has no text of its own: Parley's, in the family of the reference's "star_count
   * must be between 1 and 10000", 'result must be one of "approve", "decline" or "queue"' and
   * "draft_id must be non-zero".
   */
  VALUE_OUT_OF_RANGE: {
    status: 400,
    text: (d: { name: string; min?: number; max?: number }) =>
      d.max === undefined
        ? `Bad Request: ${d.name} must be at least ${d.min}`
        : d.min === undefined
          ? `Bad Request: ${d.name} must be at most ${d.max}`
          : `Bad Request: ${d.name} must be between ${d.min} and ${d.max}`,
  },
  VALUE_NOT_ONE_OF: {
    status: 400,
    text: (d: { name: string; values: readonly (string | number)[] }) => {
      const shown = d.values.map((value) => (typeof value === 'string' ? `"${value}"` : String(value)));
      const list = shown.length < 2 ? shown.join('') : `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`;
      return `Bad Request: ${d.name} must be ${shown.length < 2 ? list : `one of ${list}`}`;
    },
  },
  ITEM_COUNT_INVALID: {
    status: 400,
    text: (d: { name: string; min: number; max: number }) =>
      `Bad Request: ${d.name} must have ${d.min}-${d.max} elements`,
  },
  VALUE_ZERO: { status: 400, text: (d: { name: string }) => `Bad Request: ${d.name} must be non-zero` },
  CHAT_DESCRIPTION_NOT_MODIFIED: badRequest('chat description is not modified'),
  /** deleteChatPhoto of a chat without a photo (the platform's token, reference §2.2). */
  CHAT_NOT_MODIFIED: badRequest('CHAT_NOT_MODIFIED'),
  PRIVATE_CHAT_PERMISSIONS: badRequest("can't change private chat permissions"),
  CHANNEL_CHAT_PERMISSIONS: badRequest("can't change channel chat permissions"),
  PRIVATE_CHAT_INFO: {
    status: 400,
    text: (d: { field: 'title' | 'description' | 'photo' }) =>
      `Bad Request: can't change private chat ${d.field}`,
  },
  NOT_ENOUGH_RIGHTS_TO_CHANGE_PERMISSIONS: badRequest('not enough rights to change chat permissions'),
  NOT_ENOUGH_RIGHTS_TO_CHANGE_INFO: {
    status: 400,
    text: (d: { field: 'title' | 'description' | 'photo' }) =>
      `Bad Request: not enough rights to change chat ${d.field}`,
  },
  CANT_REMOVE_CHAT_OWNER: badRequest("can't remove chat owner"),
  CANT_RESTRICT_SELF: badRequest("can't restrict self"),
  NOT_ENOUGH_RIGHTS_TO_RESTRICT: badRequest('not enough rights to restrict/unrestrict chat member'),
  /** USER_ADMIN_INVALID (§2.2). */
  USER_IS_ADMINISTRATOR: badRequest('user is an administrator of the chat'),
  CANT_LEAVE_PRIVATE_CHAT: badRequest("can't leave private chats"),
  CHAT_DEACTIVATED: badRequest('chat is deactivated'),
  CREATOR_CANT_LEAVE: badRequest('the creator of a chat can not leave it'),
  NOT_IN_CHAT: badRequest('not in the chat'),
  CANT_BAN_IN_PRIVATE_CHAT: badRequest("can't ban members in private chats"),
  SUPERGROUPS_AND_CHANNELS_ONLY: badRequest('method is available for supergroup and channel chats only'),
  SUPERGROUPS_ONLY: badRequest('method is available only for supergroups'),

  // ---- stickers and custom emoji (platform/stickers/, ADR 0046). The reference has none of these
  // texts: each is the platform's well-known one (text unverified) unless marked Parley's.
  STICKERSET_INVALID: badRequest('STICKERSET_INVALID'),
  STICKERSET_NAME_INVALID: badRequest('sticker set name invalid'),
  STICKERSET_NAME_OCCUPIED: badRequest('sticker set name is already occupied'),
  STICKERS_TOO_MUCH: badRequest('STICKERS_TOO_MUCH'),
  STICKER_NOT_MASK: badRequest('STICKER_MASK_COORDS_NOT_SUPPORTED'),
  /** Parley's text. */
  STICKERSET_THUMBNAIL_FORMAT_INVALID: badRequest(
    'the thumbnail format must match the format of the stickers in the set',
  ),
  STICKER_PNG_NOPNG: badRequest('STICKER_PNG_NOPNG'),
  STICKER_TGS_NOTGS: badRequest('STICKER_TGS_NOTGS'),
  STICKER_VIDEO_NOWEBM: badRequest('STICKER_VIDEO_NOWEBM'),
  STICKER_PNG_DIMENSIONS: badRequest('STICKER_PNG_DIMENSIONS'),
  STICKER_VIDEO_LONG: badRequest('STICKER_VIDEO_LONG'),
  STICKER_EMOJI_INVALID: badRequest('invalid sticker emojis'),
  STICKER_KEYWORDS_INVALID: badRequest('invalid sticker keywords'),
  STICKER_FORMAT_INVALID: badRequest('invalid sticker format specified'),
  STICKER_TYPE_INVALID: badRequest('invalid sticker type specified'),
  STICKERSET_TITLE_EMPTY: badRequest('sticker set title must be non-empty'),
  STICKERS_EMPTY: badRequest('stickers must be non-empty'),
  MASK_POSITION_INVALID: badRequest('invalid mask position specified'),
  CUSTOM_EMOJI_IDS_TOO_MANY: badRequest('too many custom emoji identifiers specified'),
  GROUPS_ONLY: badRequest('method is available for group and supergroup chats only'),
  /** deleteMessageReaction, deleteAllMessageReactions: on Parley only users react, never chats. */
  ACTOR_CHAT_REACTIONS_UNSUPPORTED: badRequest(
    'actor_chat_id is not supported: reactions are added by users only; specify user_id',
  ),
  CANT_PROMOTE_SELF: badRequest("can't promote self"),
  USER_NOT_PARTICIPANT: badRequest('USER_NOT_PARTICIPANT'),
  RIGHT_FORBIDDEN: badRequest('RIGHT_FORBIDDEN'),
  CHAT_ADMIN_REQUIRED: badRequest('CHAT_ADMIN_REQUIRED'),
  NEED_OWNER_RIGHTS_IN_GROUP: badRequest('need owner rights in the group chat'),
  NOT_ENOUGH_RIGHTS: badRequest('not enough rights'),
  CUSTOM_TITLE_OF_OWNER: badRequest('only creator can edit their custom title'),
  USER_NOT_ADMINISTRATOR: badRequest('user is not an administrator'),
  NOT_ENOUGH_RIGHTS_TO_CHANGE_CUSTOM_TITLE: badRequest(
    'not enough rights to change custom title of the user',
  ),
  ADMIN_RANK_EMOJI_NOT_ALLOWED: badRequest('ADMIN_RANK_EMOJI_NOT_ALLOWED'),
  /** A custom title over 16 characters (the platform's token; ADR 0071). */
  ADMIN_RANK_INVALID: badRequest('ADMIN_RANK_INVALID'),
  // ---- forum topics (platform/topics/). None of these is in the reference catalogue (text unverified):
  // the lower-case ones are TDLib's (ForumTopicManager.cpp, MessagesManager.cpp), the tokens the server's.
  CHAT_NOT_FORUM: badRequest('the chat is not a forum'),
  TOPIC_NOT_MODIFIED: badRequest('TOPIC_NOT_MODIFIED'),
  TOPIC_ID_INVALID: badRequest('TOPIC_ID_INVALID'),
  MESSAGE_THREAD_NOT_FOUND: badRequest('message thread not found'),
  MESSAGE_THREAD_ID_INVALID: badRequest('invalid message thread identifier specified'),
  TOPIC_CLOSED: badRequest('TOPIC_CLOSED'),
  TOPIC_ICON_COLOR_INVALID: badRequest('invalid icon color specified'),
  NOT_ENOUGH_RIGHTS_TO_CREATE_TOPIC: badRequest('not enough rights to create a topic'),
  NOT_ENOUGH_RIGHTS_TO_EDIT_TOPIC: badRequest('not enough rights to edit the topic'),
  NOT_ENOUGH_RIGHTS_TO_CLOSE_TOPIC: badRequest('not enough rights to close or open the topic'),
  NOT_ENOUGH_RIGHTS_TO_DELETE_TOPIC: badRequest('not enough rights to delete the topic'),
  BOT_GROUPS_BLOCKED: badRequest('this bot can not be added to groups'),
  MEMBER_LIST_INACCESSIBLE: badRequest('member list is inaccessible'),
  NO_ADMINISTRATORS_IN_PRIVATE_CHAT: badRequest('there are no administrators in the private chat'),
  USER_ALREADY_PARTICIPANT: badRequest('the user is already a member'),
  USER_BANNED_IN_CHANNEL: badRequest('the user is banned in this chat'),
  INVITE_LINK_NAME_TOO_LONG: badRequest('invite link name is too long'),
  MEMBER_LIMIT_WITH_JOIN_REQUEST: badRequest(
    "member limit can't be specified for links requiring administrator approval",
  ),
  CHAT_INVITE_PERMANENT: badRequest('CHAT_INVITE_PERMANENT'),
  PRIVATE_CHAT_INVITE: badRequest("can't invite members to a private chat"),
  NOT_ENOUGH_RIGHTS_TO_MANAGE_INVITE_LINKS: badRequest('not enough rights to manage chat invite link'),
  INVITE_LINK_EMPTY: badRequest('invite link must be non-empty'),
  INVITE_HASH_EXPIRED: badRequest('INVITE_HASH_EXPIRED'),
  PEER_ID_INVALID: badRequest('PEER_ID_INVALID'),

  // ---- drafts, profiles and member tags (ADR 0048; the reference has no texts: unverified)
  /** sendMessageDraft with draft_id 0 (text unverified). */
  DRAFT_ID_INVALID: badRequest('draft_id must be non-zero'),
  /** setUserEmojiStatus for a person who did not allow the bot (the platform's token; unverified). */
  EMOJI_STATUS_ACCESS_DENIED: badRequest('USER_PERMISSION_DENIED'),
  /** setUserEmojiStatus with an id that is no custom emoji identifier (text unverified). */
  CUSTOM_EMOJI_ID_INVALID: badRequest('invalid custom emoji identifier specified'),
  /** setChatMemberTag with an emoji in the tag (the platform's token, as for custom titles; unverified). */
  MEMBER_TAG_EMOJI_NOT_ALLOWED: badRequest('TAG_EMOJI_NOT_ALLOWED'),
  /** InputChecklist's limits (texts unverified). */
  CHECKLIST_TITLE_INVALID: badRequest('checklist title must be 1-255 characters long'),
  CHECKLIST_TASKS_INVALID: badRequest('checklist must have 1-30 tasks'),
  CHECKLIST_TASK_ID_INVALID: badRequest('checklist task identifiers must be positive and unique'),
  CHECKLIST_TASK_TEXT_INVALID: badRequest('checklist task text must be 1-100 characters long'),
  /** editMessageChecklist of a message that is not a checklist (text unverified). */
  MESSAGE_NOT_CHECKLIST: badRequest('message is not a checklist'),
  /** sendLivePhoto: a live_photo that is not an MPEG-4 video, or longer than 10 s (texts unverified). */
  LIVE_PHOTO_VIDEO_INVALID: badRequest('live photo video must be an MPEG-4 video'),
  LIVE_PHOTO_TOO_LONG: badRequest('live photo video must be no longer than 10 seconds'),
  /** getUserPersonalChatMessages: limit outside 1-20 (text unverified). */
  PERSONAL_CHAT_LIMIT_INVALID: badRequest('limit must be between 1 and 20'),
  HIDE_REQUESTER_MISSING: badRequest('HIDE_REQUESTER_MISSING'),
  /** approveChatJoinRequest for a member: the server's own code, passed through as the reference does. */
  REQUESTER_ALREADY_PARTICIPANT: badRequest('USER_ALREADY_PARTICIPANT'),
} satisfies Record<string, CatalogueEntry<never>>;

export type BotApiErrorCode = keyof typeof BOT_API_ERRORS;

/** The data an entry's text is made from; undefined for a fixed text. */
export type BotApiErrorData<C extends BotApiErrorCode> = (typeof BOT_API_ERRORS)[C] extends {
  text: (data: infer D) => string;
}
  ? D
  : (typeof BOT_API_ERRORS)[C] extends { parameters: (data: infer D) => ResponseParameters }
    ? D
    : undefined;

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

/** Errors without data are made once: they are immutable, and a throw then costs no stack. */
const FIXED = new Map<BotApiErrorCode, BotApiError>();

/** The error of a code, its text made from `data` when the entry takes any. */
export function botApiError<C extends BotApiErrorCode>(code: C, ...args: DataArgument<C>): BotApiError {
  const entry: CatalogueEntry<never> = BOT_API_ERRORS[code];
  const data = args[0] as never;
  if (data === undefined) {
    const made = FIXED.get(code);
    if (made) return made;
  }
  const text = typeof entry.text === 'string' ? entry.text : entry.text(data);
  const error = new BotApiError(code, entry.status, text, entry.parameters?.(data));
  if (data === undefined) FIXED.set(code, error);
  return error;
}
