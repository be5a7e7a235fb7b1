/**
 * The wire shapes that the platform renders (Bot API field names, snake_case), shared by the Bot API
 * and the control API. Only the fields Parley produces are typed; see spec/bot-api.md for the rest.
 */
export interface WireUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export interface WireChat {
  id: number;
  type: 'private' | 'group' | 'supergroup' | 'channel';
  title?: string;
  username?: string;
  first_name?: string;
  last_name?: string;
  /** Supergroups with topics on (forum topics, ADR 0045). */
  is_forum?: true;
  /** A channel's direct-messages chat (ADR 0053). */
  is_direct_messages?: true;
}

export interface WireEntity {
  type: string;
  offset: number;
  length: number;
  url?: string;
  /** text_mention: stored as `{ id }`, rendered as the whole User (mentioned-users.ts). */
  user?: WireUser | { id: number };
  language?: string;
  custom_emoji_id?: string;
  unix_time?: number;
  date_time_format?: string;
}

/** An entity as a message is rendered: a text_mention's user is the whole User (mentioned-users.ts). */
export type RenderedEntity = Omit<WireEntity, 'user'> & { user?: WireUser };

export interface WireMessage {
  message_id: number;
  from?: WireUser;
  date: number;
  chat: WireChat;
  edit_date?: number;
  reply_to_message?: WireMessage;
  text?: string;
  entities?: RenderedEntity[];
  [field: string]: unknown;
}

/**
 * The content part of a message as stored: the wire fields other than ids, sender, chat and dates.
 * Keys starting with `_` are internal and never rendered.
 */
export interface MessageContent {
  text?: string;
  entities?: WireEntity[];
  caption?: string;
  caption_entities?: WireEntity[];
  reply_markup?: unknown;
  link_preview_options?: unknown;
  has_protected_content?: true;
  photo?: unknown[];
  document?: unknown;
  /** Internal: the message_id this message replies to, rendered as reply_to_message. */
  _reply_to?: number;
  /** Internal: a reply keyboard, force reply or keyboard removal the recipient's client shows. */
  _client_markup?: unknown;
  /** Internal: a pin's service message names the pinned message; rendered as pinned_message. */
  _pinned?: number;
  /** Internal: the forum topic (message_thread_id) the message is in (platform/topics/threads.ts). */
  _thread?: number;
  /** Internal: the inline_message_id of a message sent by choosing an inline result. */
  _inline_message_id?: string;
  [field: string]: unknown;
}
