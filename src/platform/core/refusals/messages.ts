/**
 * The refusals of people, chats and messages: sending, edits, forwards, pins, reactions, polls,
 * callback queries, webhooks and documented string lengths. One entry per code (refusal.ts says what
 * an entry holds; ADR 0108).
 */
import type { Refusals } from './refusal.js';

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

export const MESSAGE_REFUSALS = {
  // people, bots, chats and messages (users/, chats/, messages/)
  USER_NOT_FOUND: { kind: 'not_found', bot: 'Bad Request: user not found' },
  BOT_NOT_FOUND: { kind: 'not_found', bot: 'Bad Request: bot not found' },
  CHAT_NOT_FOUND: { kind: 'not_found', bot: 'Bad Request: chat not found' },
  PRIVATE_CHAT_NOT_FOUND: {
    kind: 'not_found',
    bot: 'Bad Request: chat not found',
    control: 'CHAT_NOT_FOUND',
  },
  PHONE_NUMBER_OCCUPIED: { kind: 'conflict', bot: null },
  USERNAME_INVALID: { kind: 'invalid', bot: null },
  USERNAME_OCCUPIED: { kind: 'conflict', bot: null },
  NAME_INVALID: { kind: 'invalid', bot: null, control: 'BAD_REQUEST' },
  /** Also the gateway's (its wire's `gateway` text), for the number of a verification request. */
  PHONE_NUMBER_INVALID: { kind: 'invalid', bot: null, gateway: 'phone_number is missing or not E.164' },
  // devices (users/devices.ts), which the control API manages
  DEVICE_NOT_FOUND: { kind: 'not_found', bot: null },
  MESSAGE_TEXT_EMPTY: {
    kind: 'invalid',
    bot: 'Bad Request: message text is empty',
    control: 'MESSAGE_TEXT_INVALID',
  },
  MESSAGE_TOO_LONG: {
    kind: 'invalid',
    bot: 'Bad Request: message is too long',
    control: 'MESSAGE_TEXT_INVALID',
  },
  REPLY_MESSAGE_NOT_FOUND: {
    kind: 'not_found',
    bot: 'Bad Request: message to be replied not found',
    control: 'BAD_REQUEST',
  },
  BOT_BLOCKED: { kind: 'forbidden', bot: 'Forbidden: bot was blocked by the user' },
  CHAT_WRITE_FORBIDDEN: { kind: 'forbidden', bot: 'Bad Request: have no write access to the chat' },
  CLOCK_CONTROL_DISABLED: { kind: 'forbidden', bot: null },
  MESSAGE_NOT_FOUND: { kind: 'not_found', bot: null },
  MESSAGE_NOT_MODIFIED: {
    kind: 'invalid',
    bot: 'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
  },
  BUTTON_NOT_FOUND: { kind: 'not_found', bot: null },
  QUERY_INVALID: {
    kind: 'invalid',
    bot: 'Bad Request: query is too old and response timeout expired or query ID is invalid',
    control: 'BAD_REQUEST',
  },
  REACTION_INVALID: { kind: 'invalid', bot: 'Bad Request: REACTION_INVALID' },
  // a request of a person (control API) the platform refuses; `message` says why
  BAD_REQUEST: { kind: 'invalid', bot: null },
  // sending (chat-access.ts)
  NEED_ADMIN_RIGHTS_IN_CHANNEL: {
    kind: 'forbidden',
    bot: 'Bad Request: need administrator rights in the channel chat',
    control: 'CHAT_ADMIN_REQUIRED',
  },
  /** What the bot may not send, as the reference names it ("photos", "text messages"). */
  NOT_ENOUGH_RIGHTS_TO_SEND: {
    kind: 'forbidden',
    bot: (d: { what: string }) => `Bad Request: not enough rights to send ${d.what} to the chat`,
    control: 'CHAT_ADMIN_REQUIRED',
  },
  // ephemeral messages (ephemeral-messages.ts, ADR 0076)
  /** Bot API 10.2's ephemeral messages (ADR 0076): the reference words none of these; Parley's texts. */
  EPHEMERAL_INVALID: {
    kind: 'invalid',
    bot: (d: { reason: EphemeralRefusal }) => `Bad Request: ${EPHEMERAL_TEXTS[d.reason]}`,
    control: 'BAD_REQUEST',
  },
  // edits and deletions (message-edits.ts, media-edits.ts)
  MESSAGE_TO_EDIT_NOT_FOUND: {
    kind: 'not_found',
    bot: 'Bad Request: message to edit not found',
    control: 'BAD_REQUEST',
  },
  MESSAGE_CANT_BE_EDITED: {
    kind: 'invalid',
    bot: "Bad Request: message can't be edited",
    control: 'BAD_REQUEST',
  },
  NO_TEXT_TO_EDIT: {
    kind: 'invalid',
    bot: 'Bad Request: there is no text in the message to edit',
    control: 'BAD_REQUEST',
  },
  NO_CAPTION_TO_EDIT: {
    kind: 'invalid',
    bot: 'Bad Request: there is no caption in the message to edit',
    control: 'BAD_REQUEST',
  },
  NO_MEDIA_TO_EDIT: {
    kind: 'invalid',
    bot: 'Bad Request: there is no media in the message to edit',
    control: 'BAD_REQUEST',
  },
  // live locations (live-locations.ts)
  NO_LIVE_LOCATION_TO_EDIT: {
    kind: 'invalid',
    bot: 'Bad Request: there is no live location in the message to edit',
    control: 'BAD_REQUEST',
  },
  LIVE_PERIOD_INVALID: {
    kind: 'invalid',
    bot: 'Bad Request: wrong live location period specified',
    control: 'BAD_REQUEST',
  },
  INLINE_MESSAGE_ID_INVALID: {
    kind: 'invalid',
    bot: 'Bad Request: MESSAGE_ID_INVALID',
    control: 'BAD_REQUEST',
  },
  ALBUM_CONTENT_TYPE_INVALID: {
    kind: 'invalid',
    bot: "Bad Request: message content type can't be used in an album",
    control: 'BAD_REQUEST',
  },
  ALBUM_MEDIA_TYPE_CHANGE: {
    kind: 'invalid',
    bot: "Bad Request: can't change media type in the album",
    control: 'BAD_REQUEST',
  },
  MESSAGE_TO_DELETE_NOT_FOUND: {
    kind: 'not_found',
    bot: 'Bad Request: message to delete not found',
    control: 'BAD_REQUEST',
  },
  MESSAGE_CANT_BE_DELETED: {
    kind: 'invalid',
    bot: "Bad Request: message can't be deleted",
    control: 'BAD_REQUEST',
  },
  // forwards and copies (forwards.ts)
  MESSAGE_TO_FORWARD_NOT_FOUND: {
    kind: 'not_found',
    bot: 'Bad Request: message to forward not found',
    control: 'BAD_REQUEST',
  },
  MESSAGE_TO_COPY_NOT_FOUND: {
    kind: 'not_found',
    bot: 'Bad Request: message to copy not found',
    control: 'BAD_REQUEST',
  },
  MESSAGE_CANT_BE_FORWARDED: {
    kind: 'invalid',
    bot: "Bad Request: the message can't be forwarded",
    control: 'BAD_REQUEST',
  },
  MESSAGE_CANT_BE_COPIED: {
    kind: 'invalid',
    bot: "Bad Request: the message can't be copied",
    control: 'BAD_REQUEST',
  },
  // pins (pins.ts)
  MESSAGE_TO_PIN_NOT_FOUND: {
    kind: 'not_found',
    bot: 'Bad Request: message to pin not found',
    control: 'BAD_REQUEST',
  },
  MESSAGE_TO_UNPIN_NOT_FOUND: {
    kind: 'not_found',
    bot: 'Bad Request: message to unpin not found',
    control: 'BAD_REQUEST',
  },
  NOT_ENOUGH_RIGHTS_TO_PIN: {
    kind: 'forbidden',
    bot: 'Bad Request: not enough rights to manage pinned messages in the chat',
    control: 'BAD_REQUEST',
  },
  // reactions (reactions.ts)
  MESSAGE_TO_REACT_NOT_FOUND: {
    kind: 'not_found',
    bot: 'Bad Request: message to react not found',
    control: 'BAD_REQUEST',
  },
  REACTIONS_TOO_MANY: { kind: 'invalid', bot: 'Bad Request: REACTIONS_TOO_MANY', control: 'BAD_REQUEST' },
  // polls (polls.ts)
  POLL_TO_STOP_NOT_FOUND: {
    kind: 'not_found',
    bot: 'Bad Request: message with poll to stop not found',
    control: 'BAD_REQUEST',
  },
  MESSAGE_IS_NOT_A_POLL: {
    kind: 'invalid',
    bot: 'Bad Request: message is not a poll',
    control: 'BAD_REQUEST',
  },
  POLL_CANT_BE_STOPPED: {
    kind: 'invalid',
    bot: "Bad Request: poll can't be stopped",
    control: 'BAD_REQUEST',
  },
  POLL_ALREADY_CLOSED: {
    kind: 'invalid',
    bot: 'Bad Request: poll has already been closed',
    control: 'BAD_REQUEST',
  },
  // callback queries, bot settings
  /** The platform's token for a callback answer's or an inline result's text that is too long. */
  CALLBACK_ANSWER_TOO_LONG: { kind: 'invalid', bot: 'Bad Request: MESSAGE_TOO_LONG', control: 'BAD_REQUEST' },
  BOT_SETTING_TOO_LONG: {
    kind: 'invalid',
    bot: (d: { setting: 'name' | 'description' | 'short_description' }) =>
      `Bad Request: ${d.setting.replace('_', ' ')} is too long`,
    control: 'BAD_REQUEST',
  },
  // webhooks (webhooks.ts)
  WEBHOOK_URL_INVALID: {
    kind: 'invalid',
    bot: 'Bad Request: invalid webhook URL specified',
    control: 'BAD_REQUEST',
  },
  SECRET_TOKEN_TOO_LONG: {
    kind: 'invalid',
    bot: 'Bad Request: secret token is too long',
    control: 'BAD_REQUEST',
  },
  SECRET_TOKEN_INVALID: {
    kind: 'invalid',
    bot: 'Bad Request: secret token contains unallowed characters',
    control: 'BAD_REQUEST',
  },
  CERTIFICATE_TOO_BIG: {
    kind: 'invalid',
    bot: (d: { bytes: number }) => `Bad Request: certificate size is too big (${d.bytes} bytes)`,
    control: 'BAD_REQUEST',
  },
  /** Why the certificate can't be read (OpenSSL's words). */
  CERTIFICATE_INVALID: {
    kind: 'invalid',
    bot: (d: { reason: string }) => `Bad Request: bad webhook: Can't create an SSL context: ${d.reason}`,
    control: 'BAD_REQUEST',
  },
  /** The webhook's address refused (platform/net/outbound-connector.ts): "Failed to resolve host: ...", "IP address ... is reserved". */
  WEBHOOK_TARGET_REJECTED: {
    kind: 'invalid',
    bot: (d: { reason: string }) => `Bad Request: bad webhook: ${d.reason}`,
    control: 'BAD_REQUEST',
  },
  // documented string lengths (formatting/text-length.ts, ADR 0071)
  /**
   * A string shorter than its documented length (text-length.ts): what it is, the least length. The
   * reference's texts do not cover these (issue 25, ADR 0071): Parley's, in its family of "title
   * must be non-empty" and "secret token is too long".
   */
  STRING_TOO_SHORT: {
    kind: 'invalid',
    bot: (d: { field: string; min: number }) =>
      d.min <= 1 ? `Bad Request: ${d.field} must be non-empty` : `Bad Request: ${d.field} is too short`,
    control: 'BAD_REQUEST',
  },
  /** A string longer than its documented length (text-length.ts): what it is, the greatest length. */
  STRING_TOO_LONG: {
    kind: 'invalid',
    bot: (d: { field: string; max: number }) => `Bad Request: ${d.field} is too long`,
    control: 'BAD_REQUEST',
  },
} satisfies Refusals;
