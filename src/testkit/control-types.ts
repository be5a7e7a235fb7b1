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
