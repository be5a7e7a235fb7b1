/**
 * Users and bots on PostgreSQL (ports/users.ts). Users by id go through the row caches
 * (pg-cache.ts: every render reads them; a write of a user forgets it here and in the other
 * processes); bots are read from the database (the platform keeps its own token cache). Usernames
 * compare case-insensitively (the unique index is on lower(username)).
 */
import type { PgSql } from '../pg-sql.js';
import { USERS_SQL as SQL } from '../../sql/users.js';
import { UPDATES_SQL } from '../../sql/updates.js';
import { insertWithReadId } from '../../ports/users.js';
import type { BotRow, UserRow, UsersReader, UsersWriter } from '../../ports/users.js';
import type { UpdateRow } from '../../ports/updates.js';

/**
 * A bot's row with its queue (sql/updates.ts listUpdates) as one JSON array, `queue`: one statement,
 * one snapshot (ports/users.ts readBotQueue).
 */
const BOT_QUEUE_SQL = `SELECT b.*, (SELECT coalesce(json_agg(q ORDER BY q.update_id), '[]'::json)
  FROM (${UPDATES_SQL.listUpdates.replace('bot_id = ?', 'bot_id = b.id')}) q) AS queue
  FROM bots b WHERE b.id = ?`;

/** The users table's primary key (migrations/001-init.sql): a new user's id taken. */
const USERS_PKEY = 'users_pkey';

export class PgUsers implements UsersReader, UsersWriter {
  constructor(private readonly sql: PgSql) {}

  async getUser(id: number) {
    return this.sql.cached(
      `u${id}`,
      (caches) => caches.user(id),
      async () => (await this.sql.get(SQL.getUser, id)) as UserRow | undefined,
      (caches, row) => caches.keepUser(row),
    );
  }
  async getUserByPhone(phone: string) {
    return this.#byUnique(`p${phone}`, (row) => row.phone_number === phone, SQL.getUserByPhone, phone);
  }
  async getUsersByPhone(phones: readonly string[]) {
    const found = new Map<string, UserRow>();
    const asked: string[] = [];
    // Those the hints answer (as getUserByPhone), then the rest in one statement.
    const scope = this.sql.cache;
    for (const phone of new Set(phones)) {
      const hinted = scope?.caches.userIdBy(`p${phone}`);
      const row = hinted === undefined ? undefined : await this.getUser(hinted);
      if (row?.phone_number === phone) found.set(phone, row);
      else asked.push(phone);
    }
    if (asked.length === 0) return found;
    const token = scope?.token();
    for (const row of (await this.sql.all(SQL.getUsersByPhone, asked)) as unknown as UserRow[]) {
      found.set(row.phone_number!, row);
      if (!scope) continue;
      scope.caches.keepUserId(`p${row.phone_number}`, row.id);
      if (scope.mayKeep(`u${row.id}`, token!)) scope.caches.keepUser({ ...row });
    }
    return found;
  }
  async getUserByUsername(username: string) {
    const lower = username.toLowerCase();
    return this.#byUnique(
      `n${lower}`,
      (row) => row.username?.toLowerCase() === lower,
      SQL.getUserByUsername.postgres,
      username,
    );
  }

  /**
   * A user by a unique column (a control call names people by phone, a send names bots by
   * username): the id found last time is a hint, taken when the user's row by id (through the row
   * cache, which a change of that user empties) still has the value, since no other row can. Else
   * the database answers, and its id is kept as the next hint.
   */
  async #byUnique(key: string, has: (row: UserRow) => boolean, sql: string, value: string) {
    const scope = this.sql.cache;
    const hinted = scope?.caches.userIdBy(key);
    if (hinted !== undefined) {
      const row = await this.getUser(hinted);
      if (row && has(row)) return row;
    }
    const token = scope?.token();
    const row = (await this.sql.get(sql, value)) as UserRow | undefined;
    if (row && scope) {
      scope.caches.keepUserId(key, row.id);
      // The row too, as a read by id keeps it: the next look by id, or by this value, asks nothing.
      if (scope.mayKeep(`u${row.id}`, token!)) scope.caches.keepUser({ ...row });
    }
    return row;
  }
  async insertUser(row: UserRow) {
    this.sql.cache?.wrote(`u${row.id}`);
    await this.sql.insert('users', row);
    // Kept at the commit (pg-cache.ts): a person made is looked up by phone next.
    this.sql.cache?.insertedUser(row);
  }
  async insertUserWithNewId(row: Omit<UserRow, 'id'>, newId: () => number) {
    const scope = this.sql.cache;
    // In a write: the insert waits for the write's next statement, and an id another user has
    // fails it and runs the write again (with a new id); a phone number's or username's violation
    // is the write's error (ADR 0121).
    if (this.sql.write && scope) {
      const full = { ...row, id: newId() };
      scope.wrote(`u${full.id}`);
      await this.sql.insertLater('users', full, undefined, USERS_PKEY);
      scope.insertedUser(full);
      return full;
    }
    return insertWithReadId(this, row, newId);
  }
  async updateUser(id: number, patch: Partial<Omit<UserRow, 'id' | 'is_bot'>>) {
    this.sql.cache?.wrote(`u${id}`, { area: 'user', id });
    await this.sql.update('users', 'id', id, patch);
  }
  async getBot(id: number) {
    // A user who is not a bot never becomes one (is_bot does not change): the kept row answers
    // "not a bot" without a query (a group's creation asks it of every member).
    const scope = this.sql.cache;
    if (scope?.fresh(`u${id}`) && scope.caches.user(id)?.is_bot === false) return undefined;
    return (await this.sql.get(SQL.getBot, id)) as BotRow | undefined;
  }
  async readBotQueue(botId: number, fromId: number, limit: number, nowSec: number) {
    const row = await this.sql.get(BOT_QUEUE_SQL, fromId, nowSec, limit, botId);
    if (!row) return undefined;
    const { queue, ...bot } = row;
    return { bot: bot as unknown as BotRow, rows: queue as UpdateRow[] };
  }
  async listBotsWithWebhook() {
    return (await this.sql.all(SQL.listBotsWithWebhook)) as unknown as BotRow[];
  }
  async insertBot(row: BotRow) {
    // A new user's bot: its row's one unique key is the user's id, which that insert checked.
    await this.sql.insertLater('bots', row);
  }
  async nextUpdateId(botId: number, nowSec: number) {
    // A write that holds the bot row already counts its next ids itself (pg-transaction.ts).
    const held = await this.sql.heldUpdateId(botId, nowSec);
    if (held !== undefined) return held;
    await this.sql.write?.locking({ bot: botId });
    const row = await this.sql.get(SQL.nextUpdateId, nowSec, botId);
    if (!row) throw new Error(`bot ${botId} does not exist`);
    this.sql.write?.holdUpdateIds(botId, row.last_update_id as number, nowSec);
    return row.last_update_id as number;
  }
  async updateBot(id: number, patch: Partial<Omit<BotRow, 'id'>>) {
    if ('last_update_id' in patch) this.sql.write?.releaseUpdateIds(id);
    await this.sql.write?.locking({ bot: id });
    await this.sql.update('bots', 'id', id, patch);
  }
}
