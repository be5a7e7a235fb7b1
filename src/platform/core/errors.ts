/**
 * Errors of the platform's rules, with stable codes and, where the wording needs it, typed data.
 * Each surface maps these codes to its own wire format in one place: the Bot API through its
 * catalogue (bot-api/error-catalogue.ts, by code and data), the control API by code
 * (control/control-errors.ts, with `message` as its description), the gateway by its own codes.
 * `message` is a plain description for people; no surface derives a wire text from it but the
 * control API, which shows it as it is.
 */
import type { ChatType } from '../../storage/store.js';

export type PlatformErrorCode =
  | 'USER_NOT_FOUND'
  | 'BOT_NOT_FOUND'
  | 'CHAT_NOT_FOUND'
  | 'PRIVATE_CHAT_NOT_FOUND'
  | 'PHONE_NUMBER_INVALID'
  | 'PHONE_NUMBER_OCCUPIED'
  | 'USERNAME_INVALID'
  | 'USERNAME_OCCUPIED'
  | 'NAME_INVALID'
  | 'MESSAGE_TEXT_EMPTY'
  | 'MESSAGE_TOO_LONG'
  | 'REPLY_MESSAGE_NOT_FOUND'
  | 'BOT_BLOCKED'
  | 'CHAT_WRITE_FORBIDDEN'
  | 'CLOCK_CONTROL_DISABLED'
  | 'MESSAGE_NOT_FOUND'
  | 'MESSAGE_NOT_MODIFIED'
  | 'BUTTON_NOT_FOUND'
  | 'QUERY_INVALID'
  | 'BOT_INLINE_DISABLED'
  | 'INLINE_QUERY_NOT_FOUND'
  | 'RESULT_NOT_FOUND'
  | 'REACTION_INVALID'
  // payments and the Stars ledger (platform/payments/)
  | 'BALANCE_TOO_LOW'
  | 'INVOICE_INVALID'
  | 'INVOICE_NOT_FOUND'
  | 'CHARGE_NOT_FOUND'
  | 'CHARGE_ALREADY_REFUNDED'
  // gifts and paid media (platform/gifts/, platform/paid-media/; ADR 0050)
  | 'GIFT_INVALID'
  | 'PAID_MEDIA_INVALID'
  // suggested posts in channels' direct messages (platform/suggested-posts/; ADR 0053)
  | 'SUGGESTED_POST_INVALID'
  // Passport (platform/passport/; ADR 0054)
  | 'PASSPORT_ERROR_INVALID'
  // groups, supergroups and channels (platform/chats/groups.ts)
  | 'BOT_KICKED'
  | 'BOT_NOT_MEMBER'
  | 'CHAT_MIGRATED'
  | 'CHAT_ADMIN_REQUIRED'
  | 'BOT_GROUPS_BLOCKED'
  | 'USER_ALREADY_PARTICIPANT'
  | 'USER_BANNED_IN_CHANNEL'
  | 'INVITE_HASH_INVALID'
  | 'INVITE_HASH_EXPIRED'
  // a request of a person (control API) the platform refuses; `message` says why
  | 'BAD_REQUEST'
  // sending (chat-access.ts)
  | 'NEED_ADMIN_RIGHTS_IN_CHANNEL'
  | 'NOT_ENOUGH_RIGHTS_TO_SEND'
  // ephemeral messages (ephemeral-messages.ts, ADR 0076)
  | 'EPHEMERAL_INVALID'
  // edits and deletions (message-edits.ts, media-edits.ts)
  | 'MESSAGE_TO_EDIT_NOT_FOUND'
  | 'MESSAGE_CANT_BE_EDITED'
  | 'NO_TEXT_TO_EDIT'
  | 'NO_CAPTION_TO_EDIT'
  | 'NO_MEDIA_TO_EDIT'
  // live locations (live-locations.ts)
  | 'NO_LIVE_LOCATION_TO_EDIT'
  | 'LIVE_PERIOD_INVALID'
  | 'INLINE_MESSAGE_ID_INVALID'
  | 'ALBUM_CONTENT_TYPE_INVALID'
  | 'ALBUM_MEDIA_TYPE_CHANGE'
  | 'MESSAGE_TO_DELETE_NOT_FOUND'
  | 'MESSAGE_CANT_BE_DELETED'
  // forwards and copies (forwards.ts)
  | 'MESSAGE_TO_FORWARD_NOT_FOUND'
  | 'MESSAGE_TO_COPY_NOT_FOUND'
  | 'MESSAGE_CANT_BE_FORWARDED'
  | 'MESSAGE_CANT_BE_COPIED'
  // pins (pins.ts)
  | 'MESSAGE_TO_PIN_NOT_FOUND'
  | 'MESSAGE_TO_UNPIN_NOT_FOUND'
  | 'NOT_ENOUGH_RIGHTS_TO_PIN'
  // reactions (reactions.ts)
  | 'MESSAGE_TO_REACT_NOT_FOUND'
  | 'REACTIONS_TOO_MANY'
  // polls (polls.ts)
  | 'POLL_TO_STOP_NOT_FOUND'
  | 'MESSAGE_IS_NOT_A_POLL'
  | 'POLL_CANT_BE_STOPPED'
  | 'POLL_ALREADY_CLOSED'
  // callback queries, bot settings
  | 'CALLBACK_ANSWER_TOO_LONG'
  // games, boosts and verification (platform/games, boosts, verification; ADR 0044)
  | 'GAME_SHORT_NAME_INVALID'
  | 'GAME_SHORT_NAME_OCCUPIED'
  | 'GAME_IN_CHANNEL'
  | 'GAME_MESSAGE_INVALID'
  | 'GAME_SCORE_INVALID'
  | 'BOT_SCORE_NOT_MODIFIED'
  | 'BOOST_LIMIT_REACHED'
  | 'BOOST_NOT_FOUND'
  | 'BOT_VERIFIER_FORBIDDEN'
  | 'VERIFICATION_DESCRIPTION_INVALID'
  | 'BOT_SETTING_TOO_LONG'
  // webhooks (webhooks.ts)
  | 'WEBHOOK_URL_INVALID'
  | 'SECRET_TOKEN_TOO_LONG'
  | 'SECRET_TOKEN_INVALID'
  | 'CERTIFICATE_TOO_BIG'
  | 'CERTIFICATE_INVALID'
  | 'WEBHOOK_TARGET_REJECTED'
  // inline results chosen by people (inline-content.ts)
  | 'URL_CONTENT_FAILED'
  | 'URL_CONTENT_NOT_IMAGE'
  // documented string lengths (formatting/text-length.ts, ADR 0071)
  | 'STRING_TOO_SHORT'
  | 'STRING_TOO_LONG'
  // chat settings (groups.ts)
  | 'CHAT_TITLE_EMPTY'
  | 'CHAT_ABOUT_TOO_LONG'
  | 'CHAT_DESCRIPTION_NOT_MODIFIED'
  | 'CHAT_NOT_MODIFIED'
  // communities (platform/communities/, ADR 0077)
  | 'COMMUNITY_NOT_FOUND'
  | 'COMMUNITY_OWNER_REQUIRED'
  | 'CHAT_ALREADY_IN_COMMUNITY'
  | 'CHAT_NOT_IN_COMMUNITY'
  // business accounts and stories (platform/business, platform/stories)
  | 'BUSINESS_CONNECTION_NOT_FOUND'
  | 'BUSINESS_CONNECTION_INVALID'
  | 'BOT_ACCESS_FORBIDDEN'
  | 'BUSINESS_USERNAME_OCCUPIED'
  | 'STORY_NOT_FOUND'
  | 'BUSINESS_MESSAGE_INVALID'
  | 'PRIVATE_CHAT_PERMISSIONS'
  | 'CHANNEL_CHAT_PERMISSIONS'
  | 'PRIVATE_CHAT_INFO'
  | 'NOT_ENOUGH_RIGHTS_TO_CHANGE_PERMISSIONS'
  | 'NOT_ENOUGH_RIGHTS_TO_CHANGE_INFO'
  // members (members.ts)
  | 'CANT_REMOVE_CHAT_OWNER'
  | 'CANT_RESTRICT_SELF'
  | 'NOT_ENOUGH_RIGHTS_TO_RESTRICT'
  | 'USER_IS_ADMINISTRATOR'
  | 'CANT_LEAVE_PRIVATE_CHAT'
  | 'CHAT_DEACTIVATED'
  | 'CREATOR_CANT_LEAVE'
  | 'NOT_IN_CHAT'
  | 'CANT_BAN_IN_PRIVATE_CHAT'
  | 'SUPERGROUPS_AND_CHANNELS_ONLY'
  | 'SUPERGROUPS_ONLY'
  // sticker sets (platform/stickers/)
  | 'STICKERSET_INVALID'
  | 'STICKERSET_NAME_INVALID'
  | 'STICKERSET_NAME_OCCUPIED'
  | 'STICKERS_TOO_MUCH'
  | 'STICKER_NOT_MASK'
  | 'STICKERSET_THUMBNAIL_FORMAT_INVALID'
  // deleteMessageReaction, deleteAllMessageReactions (reactions.ts)
  | 'GROUPS_ONLY'
  | 'CANT_PROMOTE_SELF'
  | 'USER_NOT_PARTICIPANT'
  | 'RIGHT_FORBIDDEN'
  | 'NEED_OWNER_RIGHTS_IN_GROUP'
  | 'NOT_ENOUGH_RIGHTS'
  // setChatAdministratorCustomTitle (member-changes.ts)
  | 'CUSTOM_TITLE_OF_OWNER'
  | 'USER_NOT_ADMINISTRATOR'
  | 'NOT_ENOUGH_RIGHTS_TO_CHANGE_CUSTOM_TITLE'
  | 'ADMIN_RANK_EMOJI_NOT_ALLOWED'
  | 'ADMIN_RANK_INVALID'
  // profiles and member tags (users/profiles.ts, chats/member-tags.ts; ADR 0048)
  | 'EMOJI_STATUS_ACCESS_DENIED'
  | 'MEMBER_TAG_EMOJI_NOT_ALLOWED'
  | 'MESSAGE_NOT_CHECKLIST'
  // forum topics (platform/topics/)
  | 'CHAT_NOT_FORUM'
  | 'TOPIC_NOT_MODIFIED'
  | 'TOPIC_ID_INVALID'
  | 'MESSAGE_THREAD_NOT_FOUND'
  | 'MESSAGE_THREAD_ID_INVALID'
  | 'TOPIC_CLOSED'
  | 'TOPIC_ICON_COLOR_INVALID'
  | 'NOT_ENOUGH_RIGHTS_TO_CREATE_TOPIC'
  | 'NOT_ENOUGH_RIGHTS_TO_EDIT_TOPIC'
  | 'NOT_ENOUGH_RIGHTS_TO_CLOSE_TOPIC'
  | 'NOT_ENOUGH_RIGHTS_TO_DELETE_TOPIC'
  | 'MEMBER_LIST_INACCESSIBLE'
  | 'NO_ADMINISTRATORS_IN_PRIVATE_CHAT'
  // invite links and join requests (invite-links.ts, join-requests.ts)
  | 'INVITE_LINK_NAME_TOO_LONG'
  | 'MEMBER_LIMIT_WITH_JOIN_REQUEST'
  | 'CHAT_INVITE_PERMANENT'
  | 'PRIVATE_CHAT_INVITE'
  | 'NOT_ENOUGH_RIGHTS_TO_MANAGE_INVITE_LINKS'
  | 'INVITE_LINK_EMPTY'
  | 'INVITE_LINK_UNKNOWN'
  | 'INVITE_LINK_NOT_OWN'
  | 'PEER_ID_INVALID'
  | 'HIDE_REQUESTER_MISSING'
  | 'REQUESTER_ALREADY_PARTICIPANT';

/**
 * Why an ephemeral message is refused (ADR 0076): not a group, a receiver who is not a present
 * person, a live location, no callback query or ephemeral message to answer within the window and
 * not an administrator, replace_callback_query_message without a callback query (ADR 0096), or
 * (edits, deletions) no such message.
 */
export type EphemeralRefusal =
  | 'CHAT'
  | 'RECEIVER'
  | 'LIVE_PERIOD'
  | 'CALLBACK_QUERY'
  | 'REPLY'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'COMMAND'
  | 'REPLACE';

/** The data a code carries; a code not listed here carries none. */
export interface PlatformErrorData {
  /** The platform's token for what is wrong with an invoice (platform/payments/invoice-rules.ts). */
  INVOICE_INVALID: { reason: string };
  /** The platform's token for a gift it refuses (STARGIFT_INVALID, STARGIFT_USAGE_LIMITED, ...). */
  GIFT_INVALID: { reason: string };
  /** The platform's token for paid media it refuses (PAID_MEDIA_NOT_FOUND, ...). */
  PAID_MEDIA_INVALID: { reason: string };
  /** Why a suggested post can't be approved or declined (its wire text; ADR 0053). */
  SUGGESTED_POST_INVALID: { reason: string };
  /** Why a PassportElementError was refused (platform/passport/passport-errors.ts); `field` names a parameter. */
  PASSPORT_ERROR_INVALID: {
    problem: 'TYPE_INVALID' | 'NOT_SHARED' | 'HASH_INVALID' | 'FIELD_NAME_INVALID' | 'FILE_HASHES_EMPTY';
    type: string;
    source: string;
    field?: string;
  };
  BOT_KICKED: { chatType: ChatType };
  BOT_NOT_MEMBER: { chatType: ChatType };
  CHAT_MIGRATED: { migrateToChatId: number };
  /** What the bot may not send, as the reference names it ("photos", "text messages"). */
  NOT_ENOUGH_RIGHTS_TO_SEND: { what: string };
  EPHEMERAL_INVALID: { reason: EphemeralRefusal };
  BOT_SETTING_TOO_LONG: { setting: 'name' | 'description' | 'short_description' };
  CERTIFICATE_TOO_BIG: { bytes: number };
  /** Why the certificate can't be read (OpenSSL's words). */
  CERTIFICATE_INVALID: { reason: string };
  /** Why the webhook's address is refused (platform/net/outbound-connector.ts). */
  WEBHOOK_TARGET_REJECTED: { reason: string };
  PRIVATE_CHAT_INFO: { field: 'title' | 'description' | 'photo' };
  /** A string shorter than its documented length (text-length.ts): what it is, the least length. */
  STRING_TOO_SHORT: { field: string; min: number };
  /** A string longer than its documented length (text-length.ts): what it is, the greatest length. */
  STRING_TOO_LONG: { field: string; max: number };
  NOT_ENOUGH_RIGHTS_TO_CHANGE_INFO: { field: 'title' | 'description' | 'photo' };
}

export type PlatformErrorDataOf<C extends PlatformErrorCode> = C extends keyof PlatformErrorData
  ? PlatformErrorData[C]
  : undefined;

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
