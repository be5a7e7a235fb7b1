/**
 * The refusals of the platform's features: payments and Stars, gifts and paid media, suggested
 * posts, Passport, games, boosts and verification, business accounts and stories, sticker sets,
 * profiles and member tags. One entry per code (refusal.ts says what an entry holds; ADR 0108).
 */
import { tdlibText, type Refusals } from './refusal.js';

export const FEATURE_REFUSALS = {
  // payments and the Stars ledger (platform/payments/)
  BALANCE_TOO_LOW: { kind: 'invalid', bot: 'Bad Request: BALANCE_TOO_LOW' },
  /** An invoice the platform refuses, by its token (platform/payments/invoice-rules.ts: CURRENCY_TOTAL_AMOUNT_INVALID, ...). */
  INVOICE_INVALID: {
    kind: 'invalid',
    bot: (d: { reason: string }) => `Bad Request: ${tdlibText(d.reason)}`,
    control: 'BAD_REQUEST',
  },
  INVOICE_NOT_FOUND: { kind: 'not_found', bot: null },
  CHARGE_NOT_FOUND: { kind: 'not_found', bot: 'Bad Request: CHARGE_NOT_FOUND' },
  CHARGE_ALREADY_REFUNDED: {
    kind: 'invalid',
    bot: 'Bad Request: CHARGE_ALREADY_REFUNDED',
    control: 'BAD_REQUEST',
  },
  // gifts and paid media (platform/gifts/, platform/paid-media/; ADR 0050)
  /** A gift the platform refuses, by its token (STARGIFT_INVALID, STARGIFT_USAGE_LIMITED, ...). */
  GIFT_INVALID: { kind: 'invalid', bot: (d: { reason: string }) => `Bad Request: ${tdlibText(d.reason)}` },
  /** Paid media the platform refuses, by its token (PAID_MEDIA_NOT_FOUND, STARS_AMOUNT_INVALID, ...). */
  PAID_MEDIA_INVALID: {
    kind: 'invalid',
    bot: (d: { reason: string }) => `Bad Request: ${tdlibText(d.reason)}`,
  },
  // suggested posts in channels' direct messages (platform/suggested-posts/; ADR 0053)
  /** approveSuggestedPost / declineSuggestedPost refused: the reason is the wire text (ADR 0053, unverified). */
  SUGGESTED_POST_INVALID: {
    kind: 'invalid',
    bot: (d: { reason: string }) => `Bad Request: ${tdlibText(d.reason)}`,
  },
  // Passport (platform/passport/; ADR 0054)
  /**
   * setPassportDataErrors: an error that names no part of what the person shared (ADR 0054; texts
   * Parley's, unverified: the reference server passes such errors on to the platform); why it was
   * refused (platform/passport/passport-errors.ts), `field` naming a parameter.
   */
  PASSPORT_ERROR_INVALID: {
    kind: 'invalid',
    bot: (d: {
      problem: 'TYPE_INVALID' | 'NOT_SHARED' | 'HASH_INVALID' | 'FIELD_NAME_INVALID' | 'FILE_HASHES_EMPTY';
      type: string;
      source: string;
      field?: string;
    }) => {
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
    control: 'BAD_REQUEST',
  },
  // games, boosts and verification (platform/games, boosts, verification; ADR 0044)
  /** sendGame with a short name the bot has no game of (the platform's token, text unverified). */
  GAME_SHORT_NAME_INVALID: {
    kind: 'invalid',
    bot: 'Bad Request: GAME_SHORT_NAME_INVALID',
    control: 'BAD_REQUEST',
  },
  GAME_SHORT_NAME_OCCUPIED: { kind: 'conflict', bot: null },
  /** sendGame to a channel (text unverified). */
  GAME_IN_CHANNEL: {
    kind: 'invalid',
    bot: "Bad Request: games can't be sent to channel chats",
    control: 'BAD_REQUEST',
  },
  GAME_MESSAGE_INVALID: { kind: 'invalid', bot: 'Bad Request: MESSAGE_ID_INVALID', control: 'BAD_REQUEST' },
  /** setGameScore with a negative score (text unverified). */
  GAME_SCORE_INVALID: {
    kind: 'invalid',
    bot: 'Bad Request: score must be non-negative',
    control: 'BAD_REQUEST',
  },
  /** setGameScore with a score not greater than the user's and no force (the platform's token, text unverified). */
  BOT_SCORE_NOT_MODIFIED: {
    kind: 'invalid',
    bot: 'Bad Request: BOT_SCORE_NOT_MODIFIED',
    control: 'BAD_REQUEST',
  },
  BOOST_LIMIT_REACHED: { kind: 'invalid', bot: null },
  BOOST_NOT_FOUND: { kind: 'not_found', bot: null },
  /** A bot that is not a verifier (the platform's 403 token, made 400 as §2.2 says; text unverified). */
  BOT_VERIFIER_FORBIDDEN: { kind: 'forbidden', bot: 'Bad Request: BOT_VERIFIER_FORBIDDEN' },
  /** custom_description over 70 characters, or given by a verifier that may not (text unverified). */
  VERIFICATION_DESCRIPTION_INVALID: {
    kind: 'invalid',
    bot: 'Bad Request: CUSTOM_DESCRIPTION_INVALID',
    control: 'BAD_REQUEST',
  },
  BOT_SETTING_TOO_LONG: {
    kind: 'invalid',
    bot: (d: { setting: 'name' | 'description' | 'short_description' }) =>
      `Bad Request: ${d.setting.replace('_', ' ')} is too long`,
    control: 'BAD_REQUEST',
  },
  // business accounts and stories (platform/business, platform/stories)
  BUSINESS_CONNECTION_NOT_FOUND: { kind: 'not_found', bot: 'Bad Request: business connection not found' },
  /** A connection the person disabled (text unverified). */
  BUSINESS_CONNECTION_INVALID: {
    kind: 'invalid',
    bot: 'Bad Request: BUSINESS_CONNECTION_INVALID',
    control: 'BAD_REQUEST',
  },
  /** The connection lacks the right the call needs (text unverified). */
  BOT_ACCESS_FORBIDDEN: {
    kind: 'forbidden',
    bot: 'Bad Request: BOT_ACCESS_FORBIDDEN',
    control: 'BAD_REQUEST',
  },
  /** setBusinessAccountUsername: the username is taken (text unverified). */
  BUSINESS_USERNAME_OCCUPIED: {
    kind: 'conflict',
    bot: 'Bad Request: USERNAME_OCCUPIED',
    control: 'USERNAME_OCCUPIED',
  },
  /** editStory, deleteStory, repostStory of a story that is not there (TDLib's text, unverified). */
  STORY_NOT_FOUND: { kind: 'not_found', bot: 'Bad Request: story not found' },
  BUSINESS_MESSAGE_INVALID: {
    kind: 'invalid',
    bot: 'Bad Request: MESSAGE_ID_INVALID',
    control: 'BAD_REQUEST',
  },
  PRIVATE_CHAT_PERMISSIONS: {
    kind: 'invalid',
    bot: "Bad Request: can't change private chat permissions",
    control: 'BAD_REQUEST',
  },
  CHANNEL_CHAT_PERMISSIONS: {
    kind: 'invalid',
    bot: "Bad Request: can't change channel chat permissions",
    control: 'BAD_REQUEST',
  },
  PRIVATE_CHAT_INFO: {
    kind: 'invalid',
    bot: (d: { field: 'title' | 'description' | 'photo' }) =>
      `Bad Request: can't change private chat ${d.field}`,
    control: 'BAD_REQUEST',
  },
  NOT_ENOUGH_RIGHTS_TO_CHANGE_PERMISSIONS: {
    kind: 'forbidden',
    bot: 'Bad Request: not enough rights to change chat permissions',
    control: 'CHAT_ADMIN_REQUIRED',
  },
  NOT_ENOUGH_RIGHTS_TO_CHANGE_INFO: {
    kind: 'forbidden',
    bot: (d: { field: 'title' | 'description' | 'photo' }) =>
      `Bad Request: not enough rights to change chat ${d.field}`,
    control: 'CHAT_ADMIN_REQUIRED',
  },
  // sticker sets (platform/stickers/)
  STICKERSET_INVALID: { kind: 'invalid', bot: 'Bad Request: STICKERSET_INVALID', control: 'BAD_REQUEST' },
  STICKERSET_NAME_INVALID: {
    kind: 'invalid',
    bot: 'Bad Request: sticker set name invalid',
    control: 'BAD_REQUEST',
  },
  STICKERSET_NAME_OCCUPIED: {
    kind: 'conflict',
    bot: 'Bad Request: sticker set name is already occupied',
    control: 'BAD_REQUEST',
  },
  STICKERS_TOO_MUCH: { kind: 'invalid', bot: 'Bad Request: STICKERS_TOO_MUCH', control: 'BAD_REQUEST' },
  STICKER_NOT_MASK: {
    kind: 'invalid',
    bot: 'Bad Request: STICKER_MASK_COORDS_NOT_SUPPORTED',
    control: 'BAD_REQUEST',
  },
  /** Parley's text. */
  STICKERSET_THUMBNAIL_FORMAT_INVALID: {
    kind: 'invalid',
    bot: 'Bad Request: the thumbnail format must match the format of the stickers in the set',
    control: 'BAD_REQUEST',
  },
  // profiles and member tags (profiles/profiles.ts, chats/member-tags.ts; ADR 0048)
  /** setUserEmojiStatus for a person who did not allow the bot (the platform's token; unverified). */
  EMOJI_STATUS_ACCESS_DENIED: {
    kind: 'forbidden',
    bot: 'Bad Request: USER_PERMISSION_DENIED',
    web: 'invalid',
  },
  /** setChatMemberTag with an emoji in the tag (the platform's token, as for custom titles; unverified). */
  MEMBER_TAG_EMOJI_NOT_ALLOWED: {
    kind: 'invalid',
    bot: 'Bad Request: TAG_EMOJI_NOT_ALLOWED',
    control: 'BAD_REQUEST',
  },
  /** editMessageChecklist of a message that is not a checklist (text unverified). */
  MESSAGE_NOT_CHECKLIST: {
    kind: 'invalid',
    bot: 'Bad Request: message is not a checklist',
    control: 'BAD_REQUEST',
  },
} satisfies Refusals;
