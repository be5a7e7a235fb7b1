/**
 * Messages and what hangs off one message: read cursors, callback queries, reactions and pins
 * (tables `messages`, `read_cursors`, `callback_queries`, `message_reactions`, `pinned_messages`).
 *
 * Contract:
 * - A message is identified by (chat_pk, message_id); its id comes from ChatsWriter.nextMessageId.
 * - `answerCallbackQuery` records an answer once: of two concurrent answers exactly one returns
 *   true (a conditional update, atomic in every adapter).
 * - `setReadCursor` never moves a cursor back (max of the old and the new id).
 * - `listUserReactions` lists one user's reaction rows in one chat, most recently changed first
 *   (ties: the higher message id first), at most `limit` of them.
 * - Nothing here is cached: reads see every committed write.
 */

export interface MessageRow {
  chat_pk: number;
  message_id: number;
  sender_id: number | null;
  date: number;
  edit_date: number | null;
  /** JSON object: the message content fields of the wire Message (text, entities, photo, ...). */
  body: string;
}

export interface CallbackQueryRow {
  id: string;
  bot_id: number;
  user_id: number;
  chat_pk: number;
  message_id: number;
  data: string | null;
  created_at: number;
  answered_at: number | null;
  /** JSON of the answer (text, show_alert, url, cache_time) once answered. */
  answer: string | null;
}

/** One user's (or bot's) reactions to one message. */
export interface MessageReactionRow {
  chat_pk: number;
  message_id: number;
  user_id: number;
  /** JSON array of ReactionType, in the order they were chosen. */
  reaction: string;
  is_big: boolean;
  updated_at: number;
}

export interface ListMessagesOptions {
  limit: number;
  afterId?: number;
  beforeId?: number;
  oldest?: boolean;
}

export interface MessagesReader {
  getMessage(chatPk: number, messageId: number): Promise<MessageRow | undefined>;
  /**
   * The newest `limit` messages with afterId (default 0) < id < beforeId (default none), oldest
   * first; with `oldest`, the oldest `limit` of them instead (a page after an id: the person API's
   * messages around one, ADR 0101 addendum).
   */
  listMessages(chatPk: number, opts: ListMessagesOptions): Promise<MessageRow[]>;
  /** The oldest message with id > afterId not sent by `notSenderId`. */
  nextIncomingMessage(chatPk: number, afterId: number, notSenderId: number): Promise<MessageRow | undefined>;
  getReadCursor(userId: number, chatPk: number): Promise<number>;
  getCallbackQuery(id: string): Promise<CallbackQueryRow | undefined>;
  /** Every user's reactions to a message, oldest change first. */
  listMessageReactions(chatPk: number, messageId: number): Promise<MessageReactionRow[]>;
  /**
   * Every user's reactions to the chat's messages with ids from `fromId` to `toId` (inclusive), by
   * message id, each message's oldest change first (a person's app shows a page of messages at once).
   */
  listReactionsBetween(chatPk: number, fromId: number, toId: number): Promise<MessageReactionRow[]>;
  /** A user's reactions in a chat, the `limit` most recently changed first (see the contract). */
  listUserReactions(chatPk: number, userId: number, limit: number): Promise<MessageReactionRow[]>;
  /** Ids of the chat's pinned messages that still exist, newest message first. */
  listPinnedMessages(chatPk: number): Promise<number[]>;
}

export interface MessagesWriter {
  insertMessage(row: MessageRow): Promise<void>;
  /** Replaces a message's content and sets its edit date. */
  updateMessage(chatPk: number, messageId: number, body: string, editDate: number | null): Promise<void>;
  deleteMessage(chatPk: number, messageId: number): Promise<void>;
  setReadCursor(userId: number, chatPk: number, messageId: number): Promise<void>;
  insertCallbackQuery(row: CallbackQueryRow): Promise<void>;
  /** Records the answer unless the query was answered already; returns whether it was recorded. */
  answerCallbackQuery(id: string, answer: string, answeredAt: number): Promise<boolean>;
  /** Sets a user's reactions to a message (replacing earlier ones). */
  setMessageReaction(row: MessageReactionRow): Promise<void>;
  deleteMessageReaction(chatPk: number, messageId: number, userId: number): Promise<void>;
  pinMessage(chatPk: number, messageId: number, pinnedAt: number): Promise<void>;
  /** Returns whether the message was pinned. */
  unpinMessage(chatPk: number, messageId: number): Promise<boolean>;
  /** Returns how many messages were pinned. */
  unpinAllMessages(chatPk: number): Promise<number>;
}
