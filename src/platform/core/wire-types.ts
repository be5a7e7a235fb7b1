/**
 * The wire shapes that the platform renders (Bot API field names, snake_case), shared by the Bot API
 * and the control API: the generated types of src/wire/bot-api-types.ts, or types made from them
 * where the platform's own shape differs (said at each). MessageContent is the stored shape.
 */
import type { Chat, Message, MessageEntity, User } from '../../wire/bot-api-types.js';

/** A User as the Bot API renders it (generated from the reference's documentation, ADR 0085). */
export type WireUser = User;

/** A Chat as the Bot API renders it (is_forum: forum topics, ADR 0045; is_direct_messages: ADR 0053). */
export type WireChat = Chat;

/**
 * An entity as stored: a MessageEntity whose text_mention user may be only `{ id }`, rendered as the
 * whole User when the message is read (mentioned-users.ts).
 */
export type WireEntity = Omit<MessageEntity, 'user'> & { user?: User | { id: number } };

/** An entity as a message is rendered: a text_mention's user is the whole User (mentioned-users.ts). */
export type RenderedEntity = MessageEntity;

/**
 * A Message as the platform renders it: the generated Message's fields that every message has or the
 * renderer sets by itself, and an open record for the rest. Those are copied from the stored body by
 * name (poll, venue, paid_media, giveaway_completed, reply_markup, service messages ...) and
 * completed there as records (messages.ts render, paid-media.ts view), so the generated types of
 * those fields would not hold at the points where they are filled in.
 */
export type WireMessage = Pick<Message, 'message_id' | 'from' | 'date' | 'chat' | 'edit_date' | 'text'> & {
  reply_to_message?: WireMessage;
  entities?: RenderedEntity[];
  [field: string]: unknown;
};

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
