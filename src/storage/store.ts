/**
 * The storage port: a small async interface that the platform uses and that each adapter (sqlite/,
 * later postgres/) implements. One contract suite (store.contract.ts) runs against every adapter.
 *
 * Writes go through `write(fn)`: fn runs inside one transaction and must only touch the store through
 * the `tx` it is given (no network I/O inside). Adapters may run the writes of concurrent callers in
 * one shared commit (group commit); each caller's fn is still all-or-nothing: if it throws, its
 * changes are rolled back and the error is returned to that caller only.
 */
import type { GatewayStore, GatewayStoreTx } from './gateway-store.js';

export interface UserRow {
  id: number;
  is_bot: boolean;
  first_name: string;
  last_name: string | null;
  username: string | null;
  phone_number: string | null;
  language_code: string | null;
  created_at: number;
}

export interface BotRow {
  id: number;
  token_secret: string;
  can_join_groups: boolean;
  can_read_all_group_messages: boolean;
  supports_inline_queries: boolean;
  /** Unix seconds until which calls answer "Logged out" (after logOut); 0 when not logged out. */
  logged_out_until: number;
  /** Last update_id handed out; the next update gets +1. */
  last_update_id: number;
  /** Unix seconds of the last queued update, to restart numbering after a week of silence. */
  last_update_at: number;
  /** JSON array of allowed update types, or null for the default set. */
  allowed_updates: string | null;
  webhook_url: string;
  webhook_secret: string | null;
  webhook_max_connections: number;
  /** The IP the webhook connects to: the fixed ip_address, or the one resolved when it was set. */
  webhook_ip_address: string | null;
  /** Whether webhook_ip_address was given by the bot (used instead of DNS). */
  webhook_ip_fixed: boolean;
  webhook_certificate: string | null;
  webhook_set_at: number | null;
  last_error_date: number | null;
  last_error_message: string | null;
  last_sync_error_date: number | null;
}

export type ChatType = 'private' | 'group' | 'supergroup' | 'channel';

export interface ChatRow {
  /** Internal key. Private chats have no public id: each side sees the other party's id. */
  pk: number;
  id: number | null;
  type: ChatType;
  title: string | null;
  username: string | null;
  description: string | null;
  /** Private chats: the two participants, user_a < user_b. */
  user_a: number | null;
  user_b: number | null;
  last_message_id: number;
  created_at: number;
  /** Groups and supergroups: JSON ChatPermissions; null means everything is allowed (005-groups). */
  permissions?: string | null;
  /** A group upgraded to a supergroup: the supergroup's id (005-groups). */
  migrated_to_id?: number | null;
}

export type MemberStatus = 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';

export interface MemberRow {
  chat_pk: number;
  user_id: number;
  status: MemberStatus;
  /** JSON object: administrator rights, restrictions, until_date, custom_title, ... */
  data: string;
  updated_at: number;
}

export interface MessageRow {
  chat_pk: number;
  message_id: number;
  sender_id: number | null;
  date: number;
  edit_date: number | null;
  /** JSON object: the message content fields of the wire Message (text, entities, photo, ...). */
  body: string;
}

export interface UpdateRow {
  bot_id: number;
  update_id: number;
  type: string;
  /** JSON of the update's object (the value under `type`), as the bot sees it. */
  payload: string;
  /** Webhook ordering key: updates with one key are delivered one at a time, in order. */
  queue_key: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  /** Virtual ms before which the next webhook attempt must not start. */
  next_attempt_at: number;
}

export interface FileRow {
  pk: number;
  unique_id: string;
  kind: string;
  size: number;
  mime_type: string | null;
  file_name: string | null;
  /** Path relative to the data location's files/ folder. */
  storage_path: string;
  width: number | null;
  height: number | null;
  sha256: string;
  created_at: number;
}

export interface FileRefRow {
  file_id: string;
  file_pk: number;
  bot_id: number;
  /** The bot-visible path, e.g. `photos/file_3.jpg`. */
  file_path: string;
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

export interface StoreReader {
  getUser(id: number): Promise<UserRow | undefined>;
  getUserByPhone(phone: string): Promise<UserRow | undefined>;
  getUserByUsername(username: string): Promise<UserRow | undefined>;
  getBot(id: number): Promise<BotRow | undefined>;
  listBotsWithWebhook(): Promise<BotRow[]>;

  getChat(pk: number): Promise<ChatRow | undefined>;
  getChatById(id: number): Promise<ChatRow | undefined>;
  getChatByUsername(username: string): Promise<ChatRow | undefined>;
  getPrivateChat(userA: number, userB: number): Promise<ChatRow | undefined>;
  getMember(chatPk: number, userId: number): Promise<MemberRow | undefined>;
  listMembers(chatPk: number): Promise<MemberRow[]>;

  getMessage(chatPk: number, messageId: number): Promise<MessageRow | undefined>;
  /** The newest `limit` messages with id > afterId (default 0), oldest first. */
  listMessages(chatPk: number, opts: { limit: number; afterId?: number }): Promise<MessageRow[]>;
  /** The oldest message with id > afterId not sent by `notSenderId`. */
  nextIncomingMessage(chatPk: number, afterId: number, notSenderId: number): Promise<MessageRow | undefined>;
  getReadCursor(userId: number, chatPk: number): Promise<number>;
  getCallbackQuery(id: string): Promise<CallbackQueryRow | undefined>;

  /** Up to `limit` unexpired updates with update_id >= fromId, in order. */
  listUpdates(botId: number, fromId: number, limit: number, nowSec: number): Promise<UpdateRow[]>;
  countUpdates(botId: number): Promise<number>;
  /** Pending updates with update_id > afterId, due or waiting for a retry, oldest first, at most `limit`. */
  listPendingUpdates(botId: number, afterId: number, limit: number): Promise<UpdateRow[]>;
  /** The earliest next_attempt_at among the bot's pending updates, or undefined if none. */
  nextAttemptAt(botId: number): Promise<number | undefined>;

  getFileByUniqueId(uniqueId: string): Promise<FileRow | undefined>;
  getFileByPk(pk: number): Promise<FileRow | undefined>;
  getFileRef(fileId: string): Promise<FileRefRow | undefined>;
  getFileRefByPath(botId: number, filePath: string): Promise<FileRefRow | undefined>;
  getFileRefForBot(botId: number, filePk: number): Promise<FileRefRow | undefined>;

  getSetting(key: string): Promise<string | undefined>;

  getPoll(id: string): Promise<PollRow | undefined>;
  /** The poll's current answers, in order of user_id. */
  listPollVotes(pollId: string): Promise<PollVoteRow[]>;
  /** The messages that show the poll (its original and forwards). */
  listPollMessages(pollId: string): Promise<Array<{ chat_pk: number; message_id: number }>>;
  /** JSON of a media file's attributes as its latest uploader gave them. */
  getFileAttributes(filePk: number): Promise<string | undefined>;

  // ---- inline mode, reactions, pins (migrations/006-inline-reactions.sql) ----
  getInlineQuery(id: string): Promise<InlineQueryRow | undefined>;
  /**
   * The newest answer of the bot to the same query text and offset that may still be served from
   * the cache at `nowSec`: a shared one, or a personal one given to `userId`.
   */
  findCachedInlineAnswer(
    botId: number,
    query: string,
    offset: string,
    userId: number,
    nowSec: number,
  ): Promise<InlineQueryRow | undefined>;
  getInlineMessage(id: string): Promise<InlineMessageRow | undefined>;
  /** Every user's reactions to a message, oldest change first. */
  listMessageReactions(chatPk: number, messageId: number): Promise<MessageReactionRow[]>;
  /** Ids of the chat's pinned messages that still exist, newest message first. */
  listPinnedMessages(chatPk: number): Promise<number[]>;

  // ---- groups: invite links and join requests (migrations/005-groups.sql) ----
  getInviteLink(link: string): Promise<InviteLinkRow | undefined>;
  /** The chat's invite links, oldest first. */
  listInviteLinks(chatPk: number): Promise<InviteLinkRow[]>;
  getJoinRequest(chatPk: number, userId: number): Promise<JoinRequestRow | undefined>;
  /** The chat's pending join requests, oldest first. */
  listJoinRequests(chatPk: number): Promise<JoinRequestRow[]>;
}

export interface StoreTx extends StoreReader {
  insertUser(row: UserRow): Promise<void>;
  updateUser(id: number, patch: Partial<Omit<UserRow, 'id' | 'is_bot'>>): Promise<void>;
  insertBot(row: BotRow): Promise<void>;
  updateBot(id: number, patch: Partial<Omit<BotRow, 'id'>>): Promise<void>;

  /** Inserts a chat and returns its pk. */
  insertChat(row: Omit<ChatRow, 'pk'>): Promise<number>;
  /**
   * Hands out the chat's next message_id: per chat, increasing, starting at 1, never reused (ids
   * may be skipped, e.g. after a restart). The chat row's last_message_id is at least the last one
   * handed out.
   */
  nextMessageId(chatPk: number): Promise<number>;
  upsertMember(row: MemberRow): Promise<void>;

  insertMessage(row: MessageRow): Promise<void>;
  /** Replaces a message's content and sets its edit date. */
  updateMessage(chatPk: number, messageId: number, body: string, editDate: number | null): Promise<void>;
  deleteMessage(chatPk: number, messageId: number): Promise<void>;
  insertCallbackQuery(row: CallbackQueryRow): Promise<void>;
  /** Records the answer unless the query was answered already; returns whether it was recorded. */
  answerCallbackQuery(id: string, answer: string, answeredAt: number): Promise<boolean>;
  setReadCursor(userId: number, chatPk: number, messageId: number): Promise<void>;

  insertUpdate(row: UpdateRow): Promise<void>;
  deleteUpdate(botId: number, updateId: number): Promise<void>;
  /** Deletes the bot's updates with update_id < belowId (confirmation by offset). */
  deleteUpdatesBelow(botId: number, belowId: number): Promise<void>;
  /** Keeps only the newest `keep` updates of the bot. */
  keepLastUpdates(botId: number, keep: number): Promise<void>;
  deleteAllUpdates(botId: number): Promise<void>;
  deleteExpiredUpdates(nowSec: number): Promise<number>;
  recordAttempt(botId: number, updateId: number, attempts: number, nextAttemptAt: number): Promise<void>;

  insertFile(row: Omit<FileRow, 'pk'>): Promise<number>;
  insertFileRef(row: FileRefRow): Promise<void>;

  setSetting(key: string, value: string): Promise<void>;

  insertPoll(row: PollRow): Promise<void>;
  updatePoll(id: string, patch: Partial<Pick<PollRow, 'data' | 'is_closed'>>): Promise<void>;
  /** Sets a user's answer; an empty option list is stored too (a retracted vote is deleted instead). */
  setPollVote(row: PollVoteRow): Promise<void>;
  deletePollVote(pollId: string, userId: number): Promise<void>;
  addPollMessage(pollId: string, chatPk: number, messageId: number): Promise<void>;
  /** Sets a media file's attributes (those of its latest upload), replacing earlier ones. */
  setFileAttributes(filePk: number, data: string): Promise<void>;

  /** The gateway's writes, in this same transaction. */
  readonly gateway: GatewayStoreTx;

  // ---- inline mode, reactions, pins ----
  insertInlineQuery(row: InlineQueryRow): Promise<void>;
  /** Records the answer unless the query was answered already; returns whether it was recorded. */
  answerInlineQuery(
    id: string,
    answer: { answer: string; answered_at: number; cache_until: number; is_personal: boolean },
  ): Promise<boolean>;
  /** Deletes inline queries created before `beforeSec`; returns how many. */
  deleteInlineQueriesBefore(beforeSec: number): Promise<number>;
  insertInlineMessage(row: InlineMessageRow): Promise<void>;
  /** Sets a user's reactions to a message (replacing earlier ones). */
  setMessageReaction(row: MessageReactionRow): Promise<void>;
  deleteMessageReaction(chatPk: number, messageId: number, userId: number): Promise<void>;
  pinMessage(chatPk: number, messageId: number, pinnedAt: number): Promise<void>;
  /** Returns whether the message was pinned. */
  unpinMessage(chatPk: number, messageId: number): Promise<boolean>;
  /** Returns how many messages were pinned. */
  unpinAllMessages(chatPk: number): Promise<number>;

  // ---- groups: chats, invite links and join requests (migrations/005-groups.sql) ----
  updateChat(
    pk: number,
    patch: Partial<Pick<ChatRow, 'title' | 'description' | 'username' | 'permissions' | 'migrated_to_id'>>,
  ): Promise<void>;
  insertInviteLink(row: InviteLinkRow): Promise<void>;
  updateInviteLink(
    link: string,
    patch: Partial<
      Pick<InviteLinkRow, 'name' | 'expire_date' | 'member_limit' | 'creates_join_request' | 'is_revoked'>
    >,
  ): Promise<void>;
  /** Records a join request; a second one of the same user replaces the first. */
  upsertJoinRequest(row: JoinRequestRow): Promise<void>;
  deleteJoinRequest(chatPk: number, userId: number): Promise<void>;
}

export interface Store extends StoreReader {
  write<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T>;
  close(): Promise<void>;

  /** The gateway's reads (storage/gateway-store.ts). */
  readonly gateway: GatewayStore;
}

/** A unique constraint was violated; `constraint` names the column(s). */
export class UniqueViolation extends Error {
  constructor(readonly constraint: string) {
    super(`unique constraint violated: ${constraint}`);
  }
}

/** A poll sent with sendPoll (storage/sqlite/migrations/004-polls.sql). */
export interface PollRow {
  id: string;
  /** The chat and message it was sent with. */
  chat_pk: number;
  message_id: number;
  sender_id: number | null;
  /** JSON: question, options, type and settings; vote counts are counted from the votes. */
  data: string;
  is_closed: boolean;
  created_at: number;
}

export interface PollVoteRow {
  poll_id: string;
  user_id: number;
  /** JSON array of 0-based option indexes. */
  option_ids: string;
  voted_at: number;
}

/** A person's inline query to a bot (storage/sqlite/migrations/006-inline-reactions.sql). */
export interface InlineQueryRow {
  id: string;
  bot_id: number;
  user_id: number;
  /** The chat the person is typing in, where a chosen result is sent. */
  chat_pk: number;
  /** InlineQuery.chat_type: sender, private, group, supergroup or channel. */
  chat_type: string;
  query: string;
  query_offset: string;
  created_at: number;
  answered_at: number | null;
  /** JSON of the answer: results, next_offset, button, cache_time, is_personal. */
  answer: string | null;
  /** Unix seconds until which the answer may be given again for the same query; null before. */
  cache_until: number | null;
  is_personal: boolean;
}

/** A message sent by choosing an inline result with an inline keyboard: its inline_message_id. */
export interface InlineMessageRow {
  id: string;
  bot_id: number;
  chat_pk: number;
  message_id: number;
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

/** An invite link of a group, supergroup or channel (migrations/005-groups.sql). */
export interface InviteLinkRow {
  link: string;
  chat_pk: number;
  creator_id: number;
  name: string | null;
  expire_date: number | null;
  member_limit: number | null;
  creates_join_request: boolean;
  /** The creator's primary link (exportChatInviteLink); at most one unrevoked per creator. */
  is_primary: boolean;
  is_revoked: boolean;
  created_at: number;
}

/** A pending request to join a chat through a link with creates_join_request. */
export interface JoinRequestRow {
  chat_pk: number;
  user_id: number;
  invite_link: string | null;
  date: number;
}
