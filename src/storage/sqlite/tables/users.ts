/**
 * Users and bots on SQLite (ports/users.ts). Users and bots are read on every call and every render,
 * so they are cached by id, and users are found by phone number and username through hints (value
 * -> id) that are checked against the row they name. Every write here updates or drops the entry it
 * touches; `forgetUncommitted` (a rollback) drops the rows, and a hint is never trusted unchecked.
 */
import { type Row, type SqlStatements } from '../sql-statements.js';
import { USERS_SQL as SQL } from '../../sql/users.js';
import {
  insertWithReadId,
  type BotRow,
  type UserRow,
  type UsersReader,
  type UsersWriter,
} from '../../ports/users.js';
import type { CachedArea } from '../../ports/events.js';
import type { UpdateRow } from '../../ports/updates.js';
import { UPDATES_SQL } from '../../sql/updates.js';
import { LruMap } from '../../lru-map.js';

const BOT_BOOLEANS = [
  'can_join_groups',
  'can_read_all_group_messages',
  'supports_inline_queries',
  'webhook_ip_fixed',
];

function toUser(row: Row | undefined): UserRow | undefined {
  if (!row) return undefined;
  return { ...(row as unknown as UserRow), is_bot: row.is_bot === 1 };
}

function toBot(row: Row | undefined): BotRow | undefined {
  if (!row) return undefined;
  const bot = { ...row } as Row;
  for (const key of BOT_BOOLEANS) bot[key] = row[key] === 1;
  return bot as unknown as BotRow;
}

export class SqliteUsers implements UsersReader, UsersWriter {
  /** Users by id: read on every message render. */
  readonly #users = new LruMap<number, UserRow>();
  /**
   * User ids by phone number (the gateway finds people by number on every send). An entry is only a
   * hint: the row comes from `getUser` and is used only if it still has that number, so a changed
   * number or a rolled-back insert at worst costs a read.
   */
  readonly #userIdsByPhone = new LruMap<string, number>();
  /** User ids by lower-cased username, a hint in the same way. */
  readonly #userIdsByUsername = new LruMap<string, number>();
  /** Bots by id: read on every Bot API call. */
  readonly #bots = new LruMap<number, BotRow>();

  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getUser(id: number) {
    let row = this.#users.get(id);
    if (!row) {
      row = toUser(this.#sql.get(SQL.getUser, id));
      if (!row) return undefined;
      this.#users.set(id, row);
    }
    // A copy, so that a caller changing it cannot change the cache.
    return { ...row };
  }
  async getUserByPhone(phone: string) {
    return this.#userByHint(
      this.#userIdsByPhone,
      phone,
      SQL.getUserByPhone,
      (user) => user.phone_number === phone,
    );
  }
  async getUsersByPhone(phones: readonly string[]) {
    const found = new Map<string, UserRow>();
    // In-process reads, each through the hints: no round trip to save.
    for (const phone of new Set(phones)) {
      const row = await this.getUserByPhone(phone);
      if (row) found.set(phone, row);
    }
    return found;
  }
  async getUserByUsername(username: string) {
    const key = username.toLowerCase();
    return this.#userByHint(
      this.#userIdsByUsername,
      key,
      SQL.getUserByUsername.sqlite,
      (user) => user.username?.toLowerCase() === key,
    );
  }
  /**
   * A user found by a column other than id (`sql`) through `hints` (value -> user id). A hint is only used
   * if the user it names still matches, so a changed number or username, or a rolled-back insert,
   * costs a read at worst, never a wrong answer.
   */
  async #userByHint(
    hints: LruMap<string, number>,
    key: string,
    sql: string,
    matches: (user: UserRow) => boolean,
  ) {
    const id = hints.get(key);
    if (id !== undefined) {
      const cached = await this.getUser(id);
      if (cached && matches(cached)) return cached;
    }
    const row = toUser(this.#sql.get(sql, key));
    if (row) {
      hints.set(key, row.id);
    }
    return row;
  }
  async insertUser(row: UserRow) {
    this.#users.delete(row.id);
    this.#sql.insert('users', row);
  }
  async insertUserWithNewId(row: Omit<UserRow, 'id'>, newId: () => number) {
    return insertWithReadId(this, row, newId);
  }
  async updateUser(id: number, patch: Partial<Omit<UserRow, 'id' | 'is_bot'>>) {
    this.#users.delete(id);
    this.#sql.update('users', 'id', id, patch);
  }
  async getBot(id: number) {
    return this.#bot(id);
  }
  async readBotQueue(botId: number, fromId: number, limit: number, nowSec: number) {
    // Both reads at once, with no turn of the event loop between them (no write in between).
    const bot = this.#bot(botId);
    if (!bot) return undefined;
    const rows = this.#sql.all(
      UPDATES_SQL.listUpdates,
      botId,
      fromId,
      nowSec,
      limit,
    ) as unknown as UpdateRow[];
    return { bot, rows };
  }
  /** A copy of the bot's row (kept after its first read). */
  #bot(id: number): BotRow | undefined {
    let row = this.#bots.get(id);
    if (!row) {
      row = toBot(this.#sql.get(SQL.getBot, id));
      if (!row) return undefined;
      this.#bots.set(id, row);
    }
    return { ...row };
  }
  async listBotsWithWebhook() {
    return this.#sql.all(SQL.listBotsWithWebhook).map((row) => toBot(row)!);
  }
  async insertBot(row: BotRow) {
    this.#bots.delete(row.id);
    this.#sql.insert('bots', row);
  }
  async nextUpdateId(botId: number, nowSec: number) {
    const row = this.#sql.get(SQL.nextUpdateId, nowSec, botId);
    if (!row) throw new Error(`bot ${botId} does not exist`);
    const id = row.last_update_id as number;
    const cached = this.#bots.peek(botId);
    if (cached) this.#bots.set(botId, { ...cached, last_update_id: id, last_update_at: nowSec });
    return id;
  }
  async updateBot(id: number, patch: Partial<Omit<BotRow, 'id'>>) {
    this.#sql.update('bots', 'id', id, patch);
    // The update queue writes last_update_id on every update: keep the entry, patched.
    const cached = this.#bots.peek(id);
    if (cached) this.#bots.set(id, { ...cached, ...patch });
  }

  /** Drops the cached rows: a write was rolled back, and they may hold what it wrote. */
  forgetUncommitted(): void {
    this.#users.clear();
    this.#bots.clear();
  }

  /** Drops one cached row that changed elsewhere (the event port's `rows.changed`). */
  forgetCached(area: CachedArea, id: number): void {
    if (area === 'user') this.#users.delete(id);
    else if (area === 'bot') this.#bots.delete(id);
  }
}
