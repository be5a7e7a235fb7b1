/**
 * What the runner (bot-api/runner.ts, ADR 0084) answers when a call breaks its method's declaration:
 * a required parameter missing, or a value outside its documented limit. The reference's texts where
 * Parley has them (a missing `chat_id` is "chat_id is empty", a missing `user_id` "invalid user_id
 * specified", a too-long text "message is too long"); otherwise `parameter "X" is required` (the
 * reference's get_required_string_arg) and the generic texts of ADR 0071 and 0084 ("<field> is too
 * long", "<name> must be between 1 and 100", ...).
 */
import { botApiError, type BotApiError, type FixedCode } from '../errors.js';
import type { ParamDeclaration } from './method-declaration.js';
import type { DeclaredMethodName } from './methods.js';

/** A refusal, made from the declaration of the parameter refused. */
type Refusal = (param: ParamDeclaration) => BotApiError;

/**
 * `handler`: the runner does not refuse the parameter's absence; the handler reads what the reference
 * reads instead (a legacy form, an empty value that means "none").
 */
export type MissingRefusal = Refusal | 'handler';

const fixed =
  (code: FixedCode): Refusal =>
  () =>
    botApiError(code);
const empty =
  (name: string): Refusal =>
  () =>
    botApiError('PARAMETER_EMPTY', { name });
const noMedia =
  (media: string): Refusal =>
  () =>
    botApiError('MEDIA_MISSING', { media });
const required: Refusal = (param) => botApiError('PARAMETER_REQUIRED', { name: param.name });

/** A missing parameter, by its name, in every method that requires it. */
export const MISSING_BY_NAME: Readonly<Record<string, MissingRefusal>> = {
  chat_id: empty('chat_id'),
  user_id: fixed('USER_ID_INVALID'),
  business_connection_id: fixed('BUSINESS_CONNECTION_NOT_FOUND'),
  message_id: fixed('MESSAGE_IDENTIFIER_NOT_SPECIFIED'),
  message_ids: fixed('MESSAGE_IDENTIFIERS_NOT_SPECIFIED'),
  message_thread_id: fixed('MESSAGE_THREAD_ID_INVALID'),
  latitude: empty('latitude'),
  longitude: empty('longitude'),
  file_id: fixed('FILE_ID_NOT_SPECIFIED'),
  sender_chat_id: fixed('SENDER_CHAT_ID_INVALID'),
  invite_link: fixed('INVITE_LINK_EMPTY'),
  text: fixed('MESSAGE_TEXT_EMPTY'),
  question: fixed('POLL_QUESTION_EMPTY'),
  options: () => botApiError('JSON_UNPARSABLE', { object: 'options' }),
  action: fixed('CHAT_ACTION_INVALID'),
  photo: noMedia('photo'),
  live_photo: noMedia('live photo'),
  audio: noMedia('audio'),
  document: noMedia('document'),
  video: noMedia('video'),
  animation: noMedia('animation'),
  voice: noMedia('voice'),
  video_note: noMedia('video note'),
  old_sticker: fixed('STICKER_NOT_SPECIFIED'),
  callback_query_id: fixed('QUERY_INVALID'),
  inline_query_id: fixed('QUERY_INVALID'),
  // ok=false without error_message is refused first: the reference reads that before the query id.
  shipping_query_id: 'handler',
  pre_checkout_query_id: 'handler',
  chat_join_request_query_id: fixed('QUERY_INVALID'),
  guest_query_id: fixed('QUERY_INVALID'),
  web_app_query_id: fixed('QUERY_INVALID'),
  web_app_url: fixed('WEB_APP_URL_INVALID'),
  story_id: fixed('STORY_NOT_FOUND'),
  from_story_id: fixed('STORY_NOT_FOUND'),
  active_period: fixed('STORY_ACTIVE_PERIOD_INVALID'),
  accepted_gift_types: fixed('ACCEPTED_GIFT_TYPES_MISSING'),
};

/** A missing parameter where one method reads it otherwise than MISSING_BY_NAME says. */
export const MISSING_BY_METHOD: {
  readonly [method in DeclaredMethodName]?: Readonly<Record<string, MissingRefusal>>;
} = {
  // Webhooks: an empty url removes the webhook (reference §4.1).
  setWebhook: { url: 'handler' },
  // The reference reads "" and TDLib keeps it: a venue without a title or an address.
  sendVenue: { title: 'handler', address: 'handler' },
  // Absent permissions: the legacy top-level Booleans (restrictChatMember), none (setChatPermissions).
  restrictChatMember: { permissions: 'handler' },
  setChatPermissions: { permissions: 'handler' },
  // No commands: the list is emptied.
  setMyCommands: { commands: 'handler' },
  // answerInlineQuery without results answers with none.
  answerInlineQuery: { results: 'handler' },
  // 0-16 characters: "" removes the custom title.
  setChatAdministratorCustomTitle: { custom_title: 'handler' },
  // The legacy forms (ADR 0072): png_sticker/tgs_sticker/webm_sticker and emojis; a thumbnail's own format.
  createNewStickerSet: { stickers: 'handler' },
  addStickerToSet: { sticker: 'handler' },
  setStickerSetThumbnail: { format: 'handler' },
  uploadStickerFile: { sticker: noMedia('sticker'), sticker_format: 'handler' },
  sendSticker: { sticker: noMedia('sticker') },
  // position: an absent one reads as 0, the first place.
  setStickerPositionInSet: { sticker: fixed('STICKER_NOT_SPECIFIED'), position: 'handler' },
  deleteStickerFromSet: { sticker: fixed('STICKER_NOT_SPECIFIED') },
  setStickerEmojiList: { sticker: fixed('STICKER_NOT_SPECIFIED') },
  setStickerKeywords: { sticker: fixed('STICKER_NOT_SPECIFIED') },
  setStickerMaskPosition: { sticker: fixed('STICKER_NOT_SPECIFIED') },
  // The reference decodes the absent text as JSON (Client.cpp get_passport_element_errors).
  setPassportDataErrors: { errors: () => botApiError('JSON_UNPARSABLE', { object: 'errors' }) },
  // An InputProfilePhoto, not an upload of the parameter's name.
  setMyProfilePhoto: { photo: required },
  setBusinessAccountProfilePhoto: { photo: required },
  sendMessageDraft: { chat_id: fixed('CHAT_IDENTIFIER_NOT_SPECIFIED') },
  sendRichMessageDraft: { chat_id: fixed('CHAT_IDENTIFIER_NOT_SPECIFIED') },
  deleteMessage: { chat_id: fixed('CHAT_IDENTIFIER_NOT_SPECIFIED') },
  readBusinessMessage: { chat_id: fixed('BUSINESS_CHAT_ID_INVALID') },
  editMessageChecklist: { chat_id: fixed('BUSINESS_CHAT_ID_INVALID') },
  repostStory: { from_chat_id: fixed('BUSINESS_CHAT_ID_INVALID') },
  // A message_id read as 0 is a message not found (the reference's lenient integers).
  forwardMessage: { message_id: fixed('MESSAGE_TO_FORWARD_NOT_FOUND') },
  copyMessage: { message_id: fixed('MESSAGE_TO_COPY_NOT_FOUND') },
  setMessageReaction: { message_id: fixed('MESSAGE_TO_REACT_NOT_FOUND') },
  pinChatMessage: { message_id: fixed('MESSAGE_TO_PIN_NOT_FOUND') },
  stopPoll: { message_id: fixed('POLL_TO_STOP_NOT_FOUND') },
  setChatTitle: { title: fixed('CHAT_TITLE_EMPTY') },
  createForumTopic: { name: fixed('CHAT_TITLE_EMPTY') },
  editGeneralForumTopic: { name: fixed('CHAT_TITLE_EMPTY') },
  setBusinessAccountName: { first_name: fixed('BUSINESS_FIRST_NAME_INVALID') },
  transferBusinessAccountStars: { star_count: fixed('BUSINESS_STAR_COUNT_INVALID') },
  createChatSubscriptionInviteLink: {
    subscription_period: () => botApiError('INVOICE_INVALID', { reason: 'SUBSCRIPTION_PERIOD_INVALID' }),
    subscription_price: () => botApiError('INVOICE_INVALID', { reason: 'SUBSCRIPTION_PRICE_INVALID' }),
  },
  answerChatJoinRequestQuery: { result: fixed('JOIN_REQUEST_QUERY_RESULT_INVALID') },
  answerGuestQuery: { result: fixed('INLINE_RESULT_NOT_SPECIFIED') },
  answerWebAppQuery: { result: fixed('INLINE_RESULT_NOT_SPECIFIED') },
  savePreparedInlineMessage: { result: fixed('INLINE_RESULT_NOT_SPECIFIED') },
  getUserPersonalChatMessages: { limit: fixed('PERSONAL_CHAT_LIMIT_INVALID') },
  // rich_message (10.3, ADR 0080) stands in for the text.
  editEphemeralMessageText: { text: 'handler' },
  // sender_chat_id is read before chat_id (the reference's process_ban_chat_sender_chat_query).
  banChatSenderChat: { chat_id: 'handler' },
  unbanChatSenderChat: { chat_id: 'handler' },
  // An absent score reads as 0, which is a score.
  setGameScore: { score: 'handler' },
};

/**
 * How the runner refuses a required parameter's absence; undefined where it does not: a Boolean (the
 * reference reads an absent one as false) or a parameter marked `handler`.
 */
export function missingRefusalOf(
  method: DeclaredMethodName,
  param: ParamDeclaration,
): (() => BotApiError) | undefined {
  if (!param.required || (param.types.length === 1 && param.types[0] === 'Boolean')) return undefined;
  const missing = MISSING_BY_METHOD[method]?.[param.name] ?? MISSING_BY_NAME[param.name] ?? required;
  return missing === 'handler' ? undefined : () => missing(param);
}

/** How a value breaks its declared limit. */
export type ValueFailure =
  'tooLong' | 'tooShort' | 'range' | 'oneOf' | 'tooMany' | 'tooFew' | 'zero' | 'pattern';

/** A method's own refusal of a parameter's value: one for every failure, or one per failure. */
export type ValueRefusal = Refusal | { readonly [failure in ValueFailure]?: Refusal };

const tooLong =
  (field: string): Refusal =>
  (param) =>
    botApiError('STRING_TOO_LONG', { field, max: param.length!.max });
const invoice =
  (reason: string): Refusal =>
  () =>
    botApiError('INVOICE_INVALID', { reason });
const gift =
  (reason: string): Refusal =>
  () =>
    botApiError('GIFT_INVALID', { reason });
const CAPTION = fixed('MESSAGE_CAPTION_TOO_LONG');
const TEXT = fixed('MESSAGE_TOO_LONG');
const INVITE_LINK_NAME = fixed('INVITE_LINK_NAME_TOO_LONG');
const TOPIC_NAME = tooLong('topic name');
const STICKER_SET_TITLE = {
  tooLong: tooLong('sticker set title'),
  tooShort: fixed('STICKERSET_TITLE_EMPTY'),
};
const HEADING = fixed('LIVE_HEADING_INVALID');
const PROXIMITY = fixed('PROXIMITY_ALERT_RADIUS_INVALID');
const GIFT_LIMIT = gift('LIMIT_INVALID');
const STORY_CAPTION = fixed('STORY_CAPTION_TOO_LONG');
const INVOICE_TEXTS = {
  title: invoice('INVOICE_TITLE_INVALID'),
  description: invoice('INVOICE_DESCRIPTION_INVALID'),
  payload: invoice('INVOICE_PAYLOAD_INVALID'),
  suggested_tip_amounts: invoice('There can be at most 4 suggested tip amounts'),
  subscription_period: invoice('SUBSCRIPTION_PERIOD_INVALID'),
};
const NO_IDS = fixed('MESSAGE_IDENTIFIERS_NOT_SPECIFIED');
const MESSAGE_IDS = { message_ids: { tooMany: fixed('TOO_MANY_MESSAGE_IDENTIFIERS'), tooFew: NO_IDS } };
const DELETED_IDS = {
  message_ids: { tooMany: fixed('TOO_MANY_MESSAGE_IDENTIFIERS_TO_DELETE'), tooFew: NO_IDS },
};

/**
 * The refusals of values that methods answer with their own texts (the reference's where known),
 * by method and parameter; any other refusal is VALUE_REFUSAL_DEFAULTS'.
 */
export const VALUE_REFUSALS: {
  readonly [method in DeclaredMethodName]?: Readonly<Record<string, ValueRefusal>>;
} = {
  setWebhook: {
    secret_token: { tooLong: fixed('SECRET_TOKEN_TOO_LONG'), pattern: fixed('SECRET_TOKEN_INVALID') },
  },
  sendMessage: { text: TEXT },
  forwardMessages: MESSAGE_IDS,
  copyMessage: { caption: CAPTION },
  copyMessages: MESSAGE_IDS,
  sendPhoto: { caption: CAPTION },
  sendLivePhoto: { caption: CAPTION },
  sendAudio: { caption: CAPTION },
  sendDocument: { caption: CAPTION },
  sendVideo: { caption: CAPTION },
  sendAnimation: { caption: CAPTION },
  sendVoice: { caption: CAPTION },
  sendPaidMedia: {
    star_count: () => botApiError('PAID_MEDIA_INVALID', { reason: 'STARS_AMOUNT_INVALID' }),
    media: () => botApiError('PAID_MEDIA_INVALID', { reason: 'MULTI_MEDIA_TOO_LONG' }),
    caption: CAPTION,
  },
  sendMediaGroup: { media: { tooFew: fixed('NO_MESSAGES_TO_SEND'), tooMany: fixed('ALBUM_TOO_LARGE') } },
  sendLocation: { heading: HEADING, proximity_alert_radius: PROXIMITY },
  sendContact: { vcard: fixed('VCARD_TOO_LONG') },
  sendPoll: {
    question: {
      tooLong: (param) => botApiError('POLL_QUESTION_TOO_LONG', { max: param.length!.max }),
      tooShort: fixed('POLL_QUESTION_EMPTY'),
    },
    options: {
      tooMany: (param) => botApiError('POLL_TOO_MANY_OPTIONS', { max: param.items!.max }),
      tooFew: (param) => botApiError('POLL_TOO_FEW_OPTIONS', { min: param.items!.min }),
    },
    type: fixed('POLL_TYPE_UNSUPPORTED'),
    explanation: (param) => botApiError('EXPLANATION_TOO_LONG', { max: param.length!.max }),
  },
  sendDice: { emoji: fixed('EMOTICON_INVALID') },
  sendMessageDraft: { draft_id: fixed('DRAFT_ID_INVALID'), text: TEXT },
  setMessageReaction: { reaction: fixed('REACTIONS_TOO_MANY') },
  setChatAdministratorCustomTitle: { custom_title: fixed('ADMIN_RANK_INVALID') },
  createChatInviteLink: { name: INVITE_LINK_NAME },
  editChatInviteLink: { name: INVITE_LINK_NAME },
  createChatSubscriptionInviteLink: {
    name: INVITE_LINK_NAME,
    subscription_period: invoice('SUBSCRIPTION_PERIOD_INVALID'),
    subscription_price: invoice('SUBSCRIPTION_PRICE_INVALID'),
  },
  editChatSubscriptionInviteLink: { name: INVITE_LINK_NAME },
  answerChatJoinRequestQuery: { result: fixed('JOIN_REQUEST_QUERY_RESULT_INVALID') },
  setChatTitle: { title: { tooLong: tooLong('chat title'), tooShort: fixed('CHAT_TITLE_EMPTY') } },
  setChatDescription: { description: fixed('CHAT_ABOUT_TOO_LONG') },
  getUserPersonalChatMessages: { limit: fixed('PERSONAL_CHAT_LIMIT_INVALID') },
  createForumTopic: {
    name: { tooLong: TOPIC_NAME, tooShort: fixed('CHAT_TITLE_EMPTY') },
    icon_color: fixed('TOPIC_ICON_COLOR_INVALID'),
  },
  editForumTopic: { name: TOPIC_NAME },
  editGeneralForumTopic: { name: { tooLong: TOPIC_NAME, tooShort: fixed('CHAT_TITLE_EMPTY') } },
  answerCallbackQuery: { text: fixed('MESSAGE_TOO_LONG_TOKEN') },
  setManagedBotAccessSettings: { added_user_ids: fixed('TOO_MANY_ADDED_USERS') },
  setMyCommands: { commands: fixed('BOT_COMMANDS_TOO_MUCH') },
  setMyName: { name: () => botApiError('BOT_SETTING_TOO_LONG', { setting: 'name' }) },
  setMyDescription: { description: () => botApiError('BOT_SETTING_TOO_LONG', { setting: 'description' }) },
  setMyShortDescription: {
    short_description: () => botApiError('BOT_SETTING_TOO_LONG', { setting: 'short_description' }),
  },
  sendGift: { text: gift('STARGIFT_MESSAGE_TOO_LONG') },
  giftPremiumSubscription: {
    month_count: gift('PREMIUM_GIFT_MONTHS_INVALID'),
    star_count: gift('STARS_AMOUNT_INVALID'),
    text: gift('STARGIFT_MESSAGE_TOO_LONG'),
  },
  verifyUser: { custom_description: fixed('VERIFICATION_DESCRIPTION_INVALID') },
  verifyChat: { custom_description: fixed('VERIFICATION_DESCRIPTION_INVALID') },
  deleteBusinessMessages: DELETED_IDS,
  setBusinessAccountName: {
    first_name: fixed('BUSINESS_FIRST_NAME_INVALID'),
    last_name: fixed('BUSINESS_LAST_NAME_INVALID'),
  },
  setBusinessAccountUsername: { username: fixed('BUSINESS_USERNAME_INVALID') },
  setBusinessAccountBio: { bio: fixed('BUSINESS_BIO_TOO_LONG') },
  transferBusinessAccountStars: { star_count: fixed('BUSINESS_STAR_COUNT_INVALID') },
  getBusinessAccountGifts: { limit: GIFT_LIMIT },
  getUserGifts: { limit: GIFT_LIMIT },
  getChatGifts: { limit: GIFT_LIMIT },
  postStory: { active_period: fixed('STORY_ACTIVE_PERIOD_INVALID'), caption: STORY_CAPTION },
  repostStory: { active_period: fixed('STORY_ACTIVE_PERIOD_INVALID') },
  editStory: { caption: STORY_CAPTION },
  editMessageText: { text: TEXT },
  editMessageCaption: { caption: CAPTION },
  editMessageLiveLocation: { heading: HEADING, proximity_alert_radius: PROXIMITY },
  editEphemeralMessageText: { text: TEXT },
  editEphemeralMessageCaption: { caption: CAPTION },
  declineSuggestedPost: {
    comment: () => botApiError('SUGGESTED_POST_INVALID', { reason: 'comment is too long' }),
  },
  deleteMessages: DELETED_IDS,
  getCustomEmojiStickers: { custom_emoji_ids: fixed('CUSTOM_EMOJI_IDS_TOO_MANY') },
  uploadStickerFile: { sticker_format: fixed('STICKER_FORMAT_INVALID') },
  createNewStickerSet: {
    name: fixed('STICKERSET_NAME_INVALID'),
    title: STICKER_SET_TITLE,
    stickers: { tooMany: fixed('STICKERS_TOO_MUCH'), tooFew: fixed('STICKERS_EMPTY') },
    sticker_type: fixed('STICKER_TYPE_INVALID'),
  },
  setStickerEmojiList: { emoji_list: fixed('STICKER_EMOJI_INVALID') },
  setStickerKeywords: { keywords: fixed('STICKER_KEYWORDS_INVALID') },
  setStickerSetTitle: { title: STICKER_SET_TITLE },
  setStickerSetThumbnail: { format: fixed('STICKER_FORMAT_INVALID') },
  sendRichMessageDraft: { draft_id: fixed('DRAFT_ID_INVALID') },
  answerInlineQuery: { next_offset: fixed('NEXT_OFFSET_INVALID') },
  sendInvoice: INVOICE_TEXTS,
  createInvoiceLink: INVOICE_TEXTS,
  setGameScore: { score: fixed('GAME_SCORE_INVALID') },
};

/** What reads as a parameter's name in a text: "short_description" -> "short description". */
const field = (param: ParamDeclaration) => param.name.replace(/_/g, ' ');

/** The refusals of values no method words otherwise (ADR 0071's texts, and ADR 0084's). */
export function defaultValueRefusal(param: ParamDeclaration, failure: ValueFailure): BotApiError {
  const { name } = param;
  switch (failure) {
    case 'tooLong':
      return botApiError('STRING_TOO_LONG', { field: field(param), max: param.length!.max });
    case 'tooShort':
      return botApiError('STRING_TOO_SHORT', { field: field(param), min: param.length!.min });
    case 'range':
      return botApiError('VALUE_OUT_OF_RANGE', { name, min: param.range!.min, max: param.range!.max });
    case 'oneOf':
      return botApiError('VALUE_NOT_ONE_OF', { name, values: param.oneOf! });
    case 'tooMany':
    case 'tooFew':
      return botApiError('ITEM_COUNT_INVALID', { name, min: param.items!.min, max: param.items!.max });
    case 'zero':
      return botApiError('VALUE_ZERO', { name });
    case 'pattern':
      return botApiError('UNPARSABLE', { object: name, detail: 'unallowed characters' });
  }
}
