/**
 * The storage port: a small async interface that the platform uses and that each adapter (sqlite/,
 * later postgres/) implements. One contract suite (store.contract.ts) runs against every adapter.
 *
 * Writes go through `write(fn)`: fn runs inside one transaction and must only touch the store through
 * the `tx` it is given (no network I/O inside). Adapters may run the writes of concurrent callers in
 * one shared commit (group commit); each caller's fn is still all-or-nothing: if it throws, its
 * changes are rolled back and the error is returned to that caller only.
 */

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
  /** Updates that a webhook may attempt now: due, at most `limit`, oldest first. */
  listDueUpdates(botId: number, nowMs: number, limit: number): Promise<UpdateRow[]>;
  /** The earliest next_attempt_at among the bot's pending updates, or undefined if none. */
  nextAttemptAt(botId: number): Promise<number | undefined>;

  getFileByUniqueId(uniqueId: string): Promise<FileRow | undefined>;
  getFileByPk(pk: number): Promise<FileRow | undefined>;
  getFileRef(fileId: string): Promise<FileRefRow | undefined>;
  getFileRefByPath(botId: number, filePath: string): Promise<FileRefRow | undefined>;
  getFileRefForBot(botId: number, filePk: number): Promise<FileRefRow | undefined>;

  getSetting(key: string): Promise<string | undefined>;
}

export interface StoreTx extends StoreReader {
  insertUser(row: UserRow): Promise<void>;
  updateUser(id: number, patch: Partial<Omit<UserRow, 'id' | 'is_bot'>>): Promise<void>;
  insertBot(row: BotRow): Promise<void>;
  updateBot(id: number, patch: Partial<Omit<BotRow, 'id'>>): Promise<void>;

  /** Inserts a chat and returns its pk. */
  insertChat(row: Omit<ChatRow, 'pk'>): Promise<number>;
  /** Hands out the chat's next message_id (per-chat sequence, starting at 1). */
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
}

export interface Store extends StoreReader {
  write<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A unique constraint was violated; `constraint` names the column(s). */
export class UniqueViolation extends Error {
  constructor(readonly constraint: string) {
    super(`unique constraint violated: ${constraint}`);
  }
}
