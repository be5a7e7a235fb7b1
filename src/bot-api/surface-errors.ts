/**
 * The Bot API's own errors (reference §2.3; ADR 0041): those of reading the request, its
 * parameters and files, the envelope, tokens and methods, by a stable code, with the HTTP status (=
 * error_code) and the exact description. The platform's refusals are declared with their codes
 * (platform/core/refusals/ and the features' refusals.ts, ADR 0108); error-catalogue.ts makes the
 * errors of both.
 *
 * Descriptions follow the reference's normalisation (§2.2): "<Prefix>: <text>" with the prefix of
 * the status, the text's first letter lower-cased unless it is an ALL_CAPS token of the platform.
 * Families the reference words with one template (its argument readers: "can't parse X JSON
 * object", `parameter "X" is required`, "can't parse X: <detail>") are one entry each, the varying
 * name being data. A text that carries data is a function of typed data.
 */
import { tdlibText } from '../platform/core/refusals/index.js';

export interface ResponseParameters {
  migrate_to_chat_id?: number;
  retry_after?: number;
}

/** One error: its status and its description, fixed or made from data; optional parameters. */
export interface CatalogueEntry<D = never> {
  status: number;
  text: string | ((data: D) => string);
  parameters?: (data: D) => ResponseParameters;
}

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
  CHAT_IDENTIFIER_NOT_SPECIFIED: badRequest('chat identifier is not specified'),
  USER_ID_INVALID: badRequest('invalid user_id specified'),
  OFFSET_NEGATIVE: badRequest('offset must be non-negative'),
  // ---- business accounts, stories, managed bots (platform/business, stories, managed-bots; ADR 0049)
  /** setBusinessAccountUsername: not 5-32 letters, digits and underscores (text unverified). */
  BUSINESS_USERNAME_INVALID: badRequest('USERNAME_INVALID'),
  /** setBusinessAccountName: first_name empty or over 64 characters (text unverified). */
  BUSINESS_FIRST_NAME_INVALID: badRequest('FIRSTNAME_INVALID'),
  /** setBusinessAccountName: last_name over 64 characters (text unverified). */
  BUSINESS_LAST_NAME_INVALID: badRequest('LASTNAME_INVALID'),
  /** setBusinessAccountBio: over 140 characters (text unverified). */
  BUSINESS_BIO_TOO_LONG: badRequest('ABOUT_TOO_LONG'),
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

  // ---- sending
  TEXT_TOO_LONG: badRequest('text is too long'),
  MESSAGE_CAPTION_TOO_LONG: badRequest('message caption is too long'),
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

  // ---- edits and deletions
  // TDLib's edit_inline_message_media: an inline message's new media can't be an upload.
  INLINE_MEDIA_UPLOAD: badRequest('invalid message content specified'),

  // ---- forwards, copies, pins, reactions
  REACTION_TYPE_INVALID: badRequest('invalid reaction type specified'),

  // ---- payments and inline results (the platform's tokens, texts unverified)
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
  MENU_BUTTON_TEXT_EMPTY: badRequest('menu button text must be non-empty'),
  WEB_APP_URL_INVALID: badRequest('invalid web app URL specified'),
  MENU_BUTTON_TYPE_UNSUPPORTED: badRequest('unsupported menu button type specified'),

  // ---- webhooks (reference §4.1)
  CERTIFICATE_NOT_A_FILE: badRequest('bad webhook: certificate must be uploaded as a file'),

  // ---- documented values the runner checks (ADR 0084)
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

  // ---- stickers and custom emoji (platform/stickers/, ADR 0046). The reference has none of these
  // texts: each is the platform's well-known one (text unverified) unless marked Parley's.
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
  /** deleteMessageReaction, deleteAllMessageReactions: on Parley only users react, never chats. */
  ACTOR_CHAT_REACTIONS_UNSUPPORTED: badRequest(
    'actor_chat_id is not supported: reactions are added by users only; specify user_id',
  ),
  // ---- drafts, profiles and member tags (ADR 0048; the reference has no texts: unverified)
  /** sendMessageDraft with draft_id 0 (text unverified). */
  DRAFT_ID_INVALID: badRequest('draft_id must be non-zero'),
  /** setUserEmojiStatus with an id that is no custom emoji identifier (text unverified). */
  CUSTOM_EMOJI_ID_INVALID: badRequest('invalid custom emoji identifier specified'),
  /** InputChecklist's limits (texts unverified). */
  CHECKLIST_TITLE_INVALID: badRequest('checklist title must be 1-255 characters long'),
  CHECKLIST_TASKS_INVALID: badRequest('checklist must have 1-30 tasks'),
  CHECKLIST_TASK_ID_INVALID: badRequest('checklist task identifiers must be positive and unique'),
  CHECKLIST_TASK_TEXT_INVALID: badRequest('checklist task text must be 1-100 characters long'),
  /** sendLivePhoto: a live_photo that is not an MPEG-4 video, or longer than 10 s (texts unverified). */
  LIVE_PHOTO_VIDEO_INVALID: badRequest('live photo video must be an MPEG-4 video'),
  LIVE_PHOTO_TOO_LONG: badRequest('live photo video must be no longer than 10 seconds'),
  /** getUserPersonalChatMessages: limit outside 1-20 (text unverified). */
  PERSONAL_CHAT_LIMIT_INVALID: badRequest('limit must be between 1 and 20'),
} satisfies Record<string, CatalogueEntry<never>>;
