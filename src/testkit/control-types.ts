/**
 * Wire types of the control API (docs/control-api.md). Field names stay snake_case as on the wire so that
 * what a test reads is what the server sent.
 */

/**
 * A user reference: a numeric user id, an E.164 phone number (`+15550001`) or `@username`.
 * Bots are users too, so a bot is referenced the same way.
 */
export type UserRef = number | string;

/**
 * A chat reference: `@username` of a bot (the private chat between the acting user and that bot) or a
 * numeric chat id as the acting user sees it.
 */
export type ChatRef = number | string;

export interface UserRecord {
  id: number;
  is_bot: false;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  phone_number: string;
}

export interface BotRecord {
  id: number;
  is_bot: true;
  first_name: string;
  username: string;
  /** The Bot API token, `<id>:<secret>`. */
  token: string;
  can_join_groups: boolean;
  can_read_all_group_messages: boolean;
  supports_inline_queries: boolean;
}

export interface ClockState {
  /** Unix seconds on the virtual clock. */
  now: number;
  /** How far the virtual clock is ahead of the system clock. */
  offset_seconds: number;
}

/** The Bot API `User` as it appears in `Message.from`. */
export interface User {
  id: number;
  is_bot: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  [field: string]: unknown;
}

/** The Bot API `Chat` as it appears in `Message.chat`; in a private chat with a bot, it is the bot. */
export interface Chat {
  id: number;
  type: 'private' | 'group' | 'supergroup' | 'channel';
  title?: string;
  username?: string;
  first_name?: string;
  last_name?: string;
  [field: string]: unknown;
}

export interface MessageEntity {
  type: string;
  offset: number;
  length: number;
  [field: string]: unknown;
}

export interface InlineKeyboardButton {
  text: string;
  [field: string]: unknown;
}

export interface InlineKeyboardMarkup {
  inline_keyboard: InlineKeyboardButton[][];
}

/**
 * A Bot API `Message`, as the acting user sees it. Only the fields tests read most are typed; the index
 * signature keeps the rest (photos, captions, ...) reachable without a cast to a full Bot API type.
 */
export interface Message {
  message_id: number;
  date: number;
  chat: Chat;
  from?: User;
  text?: string;
  entities?: MessageEntity[];
  reply_markup?: InlineKeyboardMarkup;
  reply_to_message?: Message;
  edit_date?: number;
  [field: string]: unknown;
}

export interface CreateUserParams {
  /** E.164, e.g. `+15550001`. */
  phone_number: string;
  /** Defaults to "User". */
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export interface CreateBotParams {
  /** Ends in `bot`, 5-32 characters. */
  username: string;
  /** Defaults to the username. */
  first_name?: string;
  can_join_groups?: boolean;
  can_read_all_group_messages?: boolean;
  supports_inline_queries?: boolean;
}

export interface SendMessageParams {
  from: UserRef;
  chat: ChatRef;
  text: string;
  reply_to_message_id?: number;
}

export interface ListMessagesParams {
  user: UserRef;
  chat: ChatRef;
  /** 1-100; the server answers with the newest `limit` messages, oldest first. Defaults to 100. */
  limit?: number;
}

export interface WaitForMessageParams {
  user: UserRef;
  chat: ChatRef;
  /** Seconds the server waits; defaults to 10 on the server, at most 300. */
  timeout?: number;
  /** Answer with the first incoming message with a greater id, ignoring the user's read cursor. */
  after_message_id?: number;
}

/** The envelope of every control API answer. */
/** `POST /control/press` */
export interface PressButtonParams {
  user: UserRef;
  chat: ChatRef;
  message_id: number;
  /** The text of the inline button to press. */
  button: string;
  /** Seconds to wait for the bot's answer (default 10). */
  timeout?: number;
}

/** What the person's client shows after a press. */
export interface PressResult {
  /** Absent for a url button, which only opens its link. */
  query_id?: string;
  answered: boolean;
  text?: string;
  show_alert?: boolean;
  url?: string;
}

/** `POST /control/polls/vote` */
export interface VotePollParams {
  user: UserRef;
  chat: ChatRef;
  message_id: number;
  /** 0-based option indexes; empty retracts the vote. */
  option_ids: number[];
}

/** The Poll object (spec/bot-api.md Poll); only the fields tests read most are typed. */
export interface Poll {
  id: string;
  question: string;
  options: Array<{ text: string; voter_count: number; persistent_id: string }>;
  total_voter_count: number;
  is_closed: boolean;
  [field: string]: unknown;
}

/** `POST /control/messages/edit` */
export interface EditMessageParams {
  user: UserRef;
  chat: ChatRef;
  message_id: number;
  text: string;
}

/** `POST /control/messages/delete` */
export interface DeleteMessageParams {
  user: UserRef;
  chat: ChatRef;
  message_id: number;
}

export type ControlApiAnswer<T> = { ok: true; result: T } | { ok: false; error: string; description: string };

// ---- Verification Gateway and devices (docs/control-api.md, "Gateway and devices") ---------------

/** Amounts of credits: a number or a decimal string (`"0.01"`), at most 6 decimals. */
export type Credits = number | string;

export interface GatewayAccount {
  id: number;
  owner: { user_id: number; phone_number: string };
  /** Credits. */
  balance: number;
  default_price: number;
  /** Price overrides by country calling code (or longer prefix), in credits. */
  prices: Record<string, number>;
  created_at: number;
}

export interface CreatedGatewayAccount extends GatewayAccount {
  /** The gateway access token; shown only in this answer. */
  access_token: string;
}

export interface CreateGatewayAccountParams {
  /** The owner: a person (USER_REF); codes to their own number are free. */
  owner: UserRef;
  /** Initial balance (a top-up in the ledger). */
  credits?: Credits;
  /** Price of one message; defaults to 0.01. */
  default_price?: Credits;
}

export interface SetGatewayPricesParams {
  default_price?: Credits;
  /** Prefix (country calling code) -> price; null removes the override. */
  prices?: Record<string, Credits | null>;
}

export interface LedgerEntry {
  id: number;
  kind: 'top_up' | 'charge' | 'refund';
  /** Credits; negative for a charge. */
  amount: number;
  balance_after: number;
  request_id?: string;
  created_at: number;
}

export interface SenderChannel {
  id: number;
  username: string;
  title: string;
  owner_user_id: number | null;
  verified: boolean;
}

export interface CreateSenderChannelParams {
  owner: UserRef;
  username: string;
  title?: string;
  /** Verify it at once. */
  verified?: boolean;
}

export type DeliveryStatusValue = 'sent' | 'delivered' | 'read' | 'expired' | 'revoked';
export type VerificationStatusValue =
  'code_valid' | 'code_invalid' | 'code_max_attempts_exceeded' | 'expired';

/** A verification message a person received; text and code only while it is in the chat. */
export interface VerificationInboxEntry {
  request_id: string;
  phone_number: string;
  date: number;
  delivery_status: DeliveryStatusValue;
  verification_status?: VerificationStatusValue;
  sender_username?: string;
  message_id?: number;
  text?: string;
  code?: string;
}

export interface ReceivedCode {
  request_id: string;
  phone_number: string;
  code: string;
  message_id: number;
  date: number;
  sender_username?: string;
}

export interface WaitForCodeParams {
  /** The person (a phone number, id or @username). */
  phone: UserRef;
  /** Seconds the server waits; defaults to 10, at most 300. */
  timeout?: number;
}

export interface MarkReadParams {
  phone: UserRef;
  /** Defaults to the newest message not read yet. */
  request_id?: string;
}

export interface DeliveryLogParams {
  account?: number;
  request_id?: string;
  limit?: number;
}

export interface DeliveryAttempt {
  id: number;
  request_id: string;
  /** 1 for the first attempt, up to 11. */
  attempt: number;
  url: string;
  timestamp: number;
  signature: string;
  body: string;
  status_code?: number;
  error?: string;
  outcome: 'delivered' | 'failed' | 'lost';
  date: number;
  next_attempt_date?: number;
}

export interface PendingReport {
  request_id: string;
  attempts: number;
  next_attempt_date: number;
  body: string;
}

export interface DeliveryLog {
  attempts: DeliveryAttempt[];
  pending: PendingReport[];
}

export interface Device {
  id: number;
  user_id: number;
  name: string;
  online: boolean;
  /** Seconds until an online device acknowledges receipt. */
  receipt_delay: number;
  /** Seconds after receipt until it reports the message read; null: only when the person reads it. */
  read_delay: number | null;
}

export interface UpdateDeviceParams {
  name?: string;
  online?: boolean;
  receipt_delay?: number;
  read_delay?: number | null;
}

export interface AddDeviceParams extends UpdateDeviceParams {
  user: UserRef;
}

/** `POST /control/inline` */
export interface InlineQueryParams {
  user: UserRef;
  /** The bot, e.g. `@weather_bot`; it must support inline queries. */
  bot: UserRef;
  /** The text after `@bot ` (up to 256 characters); defaults to empty. */
  query?: string;
  /** Where the person is typing; defaults to the private chat with the bot. */
  chat?: ChatRef;
  /** The offset of the results page (a bot's next_offset). */
  offset?: string;
  /** Seconds to wait for the bot's answer (default 10). */
  timeout?: number;
}

/** One InlineQueryResult as the bot sent it (`type`, `id` and the fields of that type). */
export interface InlineQueryResult {
  type: string;
  id: string;
  [field: string]: unknown;
}

/** What the person's client shows after typing an inline query. */
export interface InlineQueryAnswer {
  query_id: string;
  /** Whether the bot answered before the timeout (or the answer came from the cache). */
  answered: boolean;
  /** The answer is a cached answer to an earlier identical query: the bot was not asked. */
  from_cache?: true;
  results?: InlineQueryResult[];
  next_offset?: string;
  button?: { text: string; start_parameter?: string; web_app?: { url: string } };
  cache_time?: number;
  is_personal?: boolean;
}

/** `POST /control/inline/choose` */
export interface ChooseInlineResultParams {
  user: UserRef;
  query_id: string;
  result_id: string;
}

export interface ChosenInlineResult {
  /** The message sent into the chat (with `via_bot`), as the person sees it. */
  message: Message;
  /** Present when the result has an inline keyboard. */
  inline_message_id?: string;
}

export type ReactionType =
  { type: 'emoji'; emoji: string } | { type: 'custom_emoji'; custom_emoji_id: string } | { type: 'paid' };

/** `POST /control/reactions`: give `reaction` or `emoji`; neither removes the person's reactions. */
export interface ReactParams {
  user: UserRef;
  chat: ChatRef;
  message_id: number;
  reaction?: ReactionType[];
  /** Shorthand for emoji reactions: one emoji or a list. */
  emoji?: string | string[];
  is_big?: boolean;
}

/** A message's reactions as a person's client shows them. */
export interface MessageReactions {
  message_id: number;
  reactions: Array<{ type: ReactionType; total_count: number }>;
  /** The acting person's own reactions. */
  chosen: ReactionType[];
  /** Who reacted how (absent in channels, where reactions are anonymous). */
  recent?: Array<{ user: User; reaction: ReactionType[] }>;
}

/** `GET /control/reactions` */
export interface GetReactionsParams {
  user: UserRef;
  chat: ChatRef;
  message_id: number;
}

/** `POST /control/pins`, `POST /control/pins/delete` */
export interface PinMessageParams {
  user: UserRef;
  chat: ChatRef;
  message_id: number;
}

// ---- groups, supergroups and channels ----

/** The kinds of chat a person can create. */
export type GroupChatType = 'group' | 'supergroup' | 'channel';

/** A `ChatMember` of the Bot API (its variant is `status`). */
export interface ChatMember {
  user: User;
  status: 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';
  until_date?: number;
  [field: string]: unknown;
}

/** The rights of ChatAdministratorRights, in the Bot API's order (`is_anonymous` aside). */
export const ADMIN_RIGHT_NAMES = [
  'can_manage_chat',
  'can_delete_messages',
  'can_manage_video_chats',
  'can_restrict_members',
  'can_promote_members',
  'can_change_info',
  'can_invite_users',
  'can_post_stories',
  'can_edit_stories',
  'can_delete_stories',
  'can_post_messages',
  'can_edit_messages',
  'can_pin_messages',
  'can_manage_topics',
  'can_manage_direct_messages',
  'can_manage_tags',
] as const satisfies ReadonlyArray<keyof ChatAdministratorRights>;

/** The fields of ChatPermissions, in the Bot API's order. */
export const PERMISSION_NAMES = [
  'can_send_messages',
  'can_send_audios',
  'can_send_documents',
  'can_send_photos',
  'can_send_videos',
  'can_send_video_notes',
  'can_send_voice_notes',
  'can_send_polls',
  'can_send_other_messages',
  'can_add_web_page_previews',
  'can_react_to_messages',
  'can_edit_tag',
  'can_change_info',
  'can_invite_users',
  'can_pin_messages',
  'can_manage_topics',
] as const satisfies ReadonlyArray<keyof ChatPermissions>;

/** ChatAdministratorRights of the Bot API; rights the kind of chat lacks are dropped. */
export interface ChatAdministratorRights {
  is_anonymous?: boolean;
  can_manage_chat?: boolean;
  can_delete_messages?: boolean;
  can_manage_video_chats?: boolean;
  can_restrict_members?: boolean;
  can_promote_members?: boolean;
  can_change_info?: boolean;
  can_invite_users?: boolean;
  can_post_stories?: boolean;
  can_edit_stories?: boolean;
  can_delete_stories?: boolean;
  can_post_messages?: boolean;
  can_edit_messages?: boolean;
  can_pin_messages?: boolean;
  can_manage_topics?: boolean;
  can_manage_direct_messages?: boolean;
  can_manage_tags?: boolean;
}

/** ChatPermissions of the Bot API; what is left out is false. */
export interface ChatPermissions {
  can_send_messages?: boolean;
  can_send_audios?: boolean;
  can_send_documents?: boolean;
  can_send_photos?: boolean;
  can_send_videos?: boolean;
  can_send_video_notes?: boolean;
  can_send_voice_notes?: boolean;
  can_send_polls?: boolean;
  can_send_other_messages?: boolean;
  can_add_web_page_previews?: boolean;
  can_react_to_messages?: boolean;
  can_edit_tag?: boolean;
  can_change_info?: boolean;
  can_invite_users?: boolean;
  can_pin_messages?: boolean;
  can_manage_topics?: boolean;
}

/** A group, supergroup or channel with its members (everyone but those who left). */
export interface ChatRecord {
  id: number;
  type: GroupChatType;
  title: string;
  username?: string;
  description?: string;
  /** Groups and supergroups: the default permissions. */
  permissions?: Required<ChatPermissions>;
  /** An upgraded group: the supergroup's id. */
  migrated_to_chat_id?: number;
  members: ChatMember[];
}

/** `POST /control/chats` */
export interface CreateChatParams {
  owner: UserRef;
  title: string;
  /** Defaults to `group`. */
  type?: GroupChatType;
  /** Supergroups and channels only: makes the chat public. */
  username?: string;
  description?: string;
  /** Users and bots added at once. */
  members?: UserRef[];
}

/** `POST /control/chats/members`: `by` adds `user`. */
export interface AddChatMemberParams {
  by: UserRef;
  chat: ChatRef;
  user: UserRef;
}

/** `POST /control/chats/join`: either `chat` (@username of a public chat) or `invite_link`. */
export interface JoinChatParams {
  user: UserRef;
  chat?: ChatRef;
  invite_link?: string;
}

export interface JoinChatResult {
  /** `requested` when the link makes a join request that an administrator must approve. */
  status: 'member' | 'requested';
  chat: Chat;
}

/** `POST /control/chats/promote`: no right (or all false) demotes. */
export interface PromoteChatMemberParams {
  by: UserRef;
  chat: ChatRef;
  user: UserRef;
  rights?: ChatAdministratorRights;
  custom_title?: string;
}

/** `POST /control/chats/restrict` (supergroups) */
export interface RestrictChatMemberParams {
  by: UserRef;
  chat: ChatRef;
  user: UserRef;
  permissions?: ChatPermissions;
  use_independent_chat_permissions?: boolean;
  /** Unix seconds; 0 or absent means forever. */
  until_date?: number;
}

/** `POST /control/chats/remove`: removes and bans. */
export interface RemoveChatMemberParams {
  by: UserRef;
  chat: ChatRef;
  user: UserRef;
  until_date?: number;
}

/** `POST /control/chats/invite-links` */
export interface CreateInviteLinkParams {
  by: UserRef;
  chat: ChatRef;
  name?: string;
  expire_date?: number;
  member_limit?: number;
  creates_join_request?: boolean;
}

/** A `ChatInviteLink` of the Bot API. */
export interface ChatInviteLink {
  invite_link: string;
  creator: User;
  creates_join_request: boolean;
  is_primary: boolean;
  is_revoked: boolean;
  name?: string;
  expire_date?: number;
  member_limit?: number;
  pending_join_request_count?: number;
}

/** The bytes of a file sent through the control API: raw, or already base64. */
export type FileBytes = { data: Uint8Array } | { data_base64: string };

/**
 * `POST /control/messages/media`: the user `from` sends a photo, a document, a voice message, an
 * audio file, a video or a video note (exactly one) in `chat`. The bots of the chat get a `message`
 * with that field under their own file_id.
 */
export interface SendMediaParams {
  from: UserRef;
  chat: ChatRef;
  /** JPEG, PNG, GIF or WebP, at most 10 MB; width and height are read from the image. */
  photo?: FileBytes & { filename?: string };
  /** At most 20 MB; mime_type defaults to the one of the file name's extension. */
  document?: FileBytes & { filename: string; mime_type?: string };
  /** A voice message, at most 20 MB; mime_type defaults to audio/ogg. */
  voice?: VoiceInput;
  /** At most 20 MB; mime_type defaults to the file name's, else audio/mpeg. */
  audio?: AudioInput;
  /** At most 20 MB; mime_type defaults to the file name's, else video/mp4. */
  video?: VideoInput;
  /** At most 20 MB, video/mp4; no caption. */
  video_note?: VideoNoteInput;
  /** 0-1024 characters; commands, mentions and links become caption_entities (not for video notes). */
  caption?: string;
  reply_to_message_id?: number;
}

/** What a person's client reports about a voice, audio, video or video note (Parley decodes none). */
export interface ReportedMediaAttributes {
  /** Seconds, 0-86400; absent or 0: a stand-in of 1 s. */
  duration?: number;
}

/**
 * A file other than a photo or a document, as `POST /control/messages/media` takes it: the bytes
 * and, as the person's client would report them, its attributes (stand-ins for the ones left out:
 * 1 s, 1280x720 for videos, a 240 pixel video note).
 */
export type VoiceInput = FileBytes & ReportedMediaAttributes & { mime_type?: string };
export type AudioInput = FileBytes &
  ReportedMediaAttributes & { filename?: string; mime_type?: string; performer?: string; title?: string };
export type VideoInput = FileBytes &
  ReportedMediaAttributes & { filename?: string; mime_type?: string; width?: number; height?: number };
export type VideoNoteInput = FileBytes &
  ReportedMediaAttributes & { /** The diameter, 1-639. */ length?: number };

/** Who writes where, for the sends other than text and files. */
export interface PersonSendParams {
  from: UserRef;
  chat: ChatRef;
  reply_to_message_id?: number;
}

/**
 * `POST /control/messages/location`: a location; with `live_period` a live one (which cannot be
 * moved afterwards: Parley has no editMessageLiveLocation).
 */
export interface SendLocationParams extends PersonSendParams {
  /** -90 to 90. */
  latitude: number;
  /** -180 to 180. */
  longitude: number;
  /** Metres, 0-1500. */
  horizontal_accuracy?: number;
  /** Seconds, 60-86400, or 0x7FFFFFFF (until stopped). */
  live_period?: number;
  /** Degrees 1-360, live locations only. */
  heading?: number;
  /** Metres 0-100000, live locations only. */
  proximity_alert_radius?: number;
}

/** `POST /control/messages/venue`: the bots get `venue` and `location`. */
export interface SendVenueParams extends PersonSendParams {
  latitude: number;
  longitude: number;
  horizontal_accuracy?: number;
  title: string;
  address: string;
  venueprovider1_id?: string;
  venueprovider1_type?: string;
  venueprovider2_place_id?: string;
  venueprovider2_place_type?: string;
}

/**
 * `POST /control/messages/contact`: a contact; without `phone_number`, the person's own (what a
 * client sends for a `request_contact` button), with their `user_id`.
 */
export interface SendContactParams extends PersonSendParams {
  phone_number?: string;
  /** Required with `phone_number`. */
  first_name?: string;
  last_name?: string;
  /** 0-2048 bytes. */
  vcard?: string;
}

/** `POST /control/messages/poll`: a poll or a quiz; people vote with `votePoll`. */
export interface SendPollParams extends PersonSendParams {
  /** 1-300 characters. */
  question: string;
  /** 1-12 options of 1-100 characters. */
  options: string[];
  /** Default `regular`. */
  type?: 'regular' | 'quiz';
  /** Default true. */
  is_anonymous?: boolean;
  allows_multiple_answers?: boolean;
  /** Default: true for a regular poll, false for a quiz. */
  allows_revoting?: boolean;
  /** Quizzes: the 0-based ids of the correct options, increasing (required for a quiz). */
  correct_option_ids?: number[];
  /** Quizzes: 0-200 characters. */
  explanation?: string;
  /** Seconds, 5-2628000 (or close_date). */
  open_period?: number;
  /** Unix time, 5 s to about a month from now. */
  close_date?: number;
}

/** The dice a person can throw. */
export type DiceEmoji = '🎲' | '🎯' | '🎳' | '🏀' | '⚽' | '🎰';

/** `POST /control/messages/dice`: the platform draws the value (1-6, 1-5 for 🏀 ⚽, 1-64 for 🎰). */
export interface SendDiceParams extends PersonSendParams {
  /** Default 🎲. */
  emoji?: DiceEmoji;
}

/**
 * `GET /control/files`: a person downloads a file they see: the file of a message (`chat` and
 * `message_id`; `file_id` picks one of its files), or a file by the `file_id` they see it under.
 */
export type DownloadFileParams =
  | { user: UserRef; chat: ChatRef; message_id: number; file_id?: string }
  | { user: UserRef; file_id: string; chat?: undefined; message_id?: undefined };

/** A downloaded file. */
export interface DownloadedFile {
  data: Uint8Array;
  /** The Content-Type the server gave (the file's MIME type, else application/octet-stream). */
  mime_type: string;
  /** The file's name, for files that have one (documents, audio, video). */
  file_name?: string;
  /** The person's file_id of the file. */
  file_id: string;
  file_unique_id: string;
}
