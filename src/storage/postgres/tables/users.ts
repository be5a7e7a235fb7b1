/**
 * Users and bots on PostgreSQL (ports/users.ts). Users by id go through the row caches
 * (pg-cache.ts: every render reads them; a write of a user forgets it here and in the other
 * processes); bots are read from the database (the platform keeps its own token cache). Usernames
 * compare case-insensitively (the unique index is on lower(username)).
 */
import type { PgSql } from '../pg-sql.js';
import type { BotRow, UserRow, UsersReader, UsersWriter } from '../../ports/users.js';

export class PgUsers implements UsersReader, UsersWriter {
  constructor(private readonly sql: PgSql) {}

  async getUser(id: number) {
    return this.sql.cached(
      `u${id}`,
      (caches) => caches.user(id),
      async () => (await this.sql.get('SELECT * FROM users WHERE id = ?', id)) as UserRow | undefined,
      (caches, row) => caches.keepUser(row),
    );
  }
  async getUserByPhone(phone: string) {
    return (await this.sql.get('SELECT * FROM users WHERE phone_number = ?', phone)) as UserRow | undefined;
  }
  async getUserByUsername(username: string) {
    return (await this.sql.get('SELECT * FROM users WHERE lower(username) = lower(?)', username)) as
      UserRow | undefined;
  }
  async insertUser(row: UserRow) {
    this.sql.cache?.wrote(`u${row.id}`);
    await this.sql.insert('users', row);
  }
  async updateUser(id: number, patch: Partial<Omit<UserRow, 'id' | 'is_bot'>>) {
    this.sql.cache?.wrote(`u${id}`, { area: 'user', id });
    await this.sql.update('users', 'id', id, patch);
  }
  async getBot(id: number) {
    return (await this.sql.get('SELECT * FROM bots WHERE id = ?', id)) as BotRow | undefined;
  }
  async listBotsWithWebhook() {
    return (await this.sql.all(
      "SELECT * FROM bots WHERE webhook_url <> '' ORDER BY id",
    )) as unknown as BotRow[];
  }
  async insertBot(row: BotRow) {
    await this.sql.insert('bots', row);
  }
  async nextUpdateId(botId: number, nowSec: number) {
    const row = await this.sql.get(
      'UPDATE bots SET last_update_id = last_update_id + 1, last_update_at = ? WHERE id = ? RETURNING last_update_id',
      nowSec,
      botId,
    );
    if (!row) throw new Error(`bot ${botId} does not exist`);
    return row.last_update_id as number;
  }
  async updateBot(id: number, patch: Partial<Omit<BotRow, 'id'>>) {
    await this.sql.update('bots', 'id', id, patch);
  }
}
