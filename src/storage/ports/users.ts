/**
 * Users and bots (tables `users`, `bots`).
 *
 * Contract:
 * - `getUser`, `getBot` may be answered from an adapter's cache; a cached row is never one that was
 *   not committed (writes through this port update or drop the entry; a rolled-back write drops it).
 *   With several processes on one database, a cache entry may be stale until the process hears of
 *   the change (the event port): only ids, names and settings that change rarely may be cached.
 * - Lookups by phone number and username are exact; usernames compare case-insensitively.
 * - `updateBot` is atomic per call; a bot's `last_update_id` is written only inside a write that also
 *   inserts the update it numbers (the update queue), so numbering never goes backwards.
 * - `nextUpdateId` numbers the bot's next update with one atomic increment of the bot row, before
 *   the update is inserted: two writers (two processes) never get one id, and ids increase in the
 *   order the writes commit (the second writer waits for, or is retried after, the first).
 * - `readBotQueue` answers the bot's row and its queue as of one moment: every update numbered up
 *   to the row's `last_update_id` that was not deleted or expired then is among the rows (up to the
 *   limit), and none above it.
 */
import type { UpdateRow } from './updates.js';

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

export interface UsersReader {
  getUser(id: number): Promise<UserRow | undefined>;
  getUserByPhone(phone: string): Promise<UserRow | undefined>;
  /**
   * The users of several phone numbers (a group created with its members), by phone number: one
   * read for those an adapter does not hold; a number of no user is not in the answer.
   */
  getUsersByPhone(phones: readonly string[]): Promise<Map<string, UserRow>>;
  getUserByUsername(username: string): Promise<UserRow | undefined>;
  getBot(id: number): Promise<BotRow | undefined>;
  /**
   * A bot's row and its queue from `fromId` (as `UpdatesReader.listUpdates` answers it), read
   * together, as of one moment: a poll's first read (update-queue.ts), one statement on
   * PostgreSQL. Undefined: no such bot.
   */
  readBotQueue(botId: number, fromId: number, limit: number, nowSec: number): Promise<BotQueue | undefined>;
  listBotsWithWebhook(): Promise<BotRow[]>;
}

/** A bot's row with its queue (`UsersReader.readBotQueue`). */
export interface BotQueue {
  bot: BotRow;
  rows: UpdateRow[];
}

export interface UsersWriter {
  /** Fails with UniqueViolation for a taken id, phone number or username. */
  insertUser(row: UserRow): Promise<void>;
  /**
   * Inserts a user with an id `newId` answers that no user has (asked again while one has it) and
   * answers the row. A taken phone number or username fails the write with UniqueViolation: at this
   * call, or (PostgreSQL, whose insert waits for the write's next statement: ADR 0121) at a later
   * statement of the write or its end.
   */
  insertUserWithNewId(row: Omit<UserRow, 'id'>, newId: () => number): Promise<UserRow>;
  updateUser(id: number, patch: Partial<Omit<UserRow, 'id' | 'is_bot'>>): Promise<void>;
  /** Inserts a new user's bot row (the user inserted before, in the same write). */
  insertBot(row: BotRow): Promise<void>;
  updateBot(id: number, patch: Partial<Omit<BotRow, 'id'>>): Promise<void>;
  /** Adds 1 to the bot's last_update_id, sets last_update_at, and answers the new id. */
  nextUpdateId(botId: number, nowSec: number): Promise<number>;
}

/**
 * `insertUserWithNewId` by reading each drawn id first: SQLite's way (a read costs no round trip
 * there), and PostgreSQL's outside a write.
 */
export async function insertWithReadId(
  users: Pick<UsersReader, 'getUser'> & Pick<UsersWriter, 'insertUser'>,
  row: Omit<UserRow, 'id'>,
  newId: () => number,
): Promise<UserRow> {
  let id: number;
  do id = newId();
  while (await users.getUser(id));
  const full = { ...row, id };
  await users.insertUser(full);
  return full;
}
