/** What a person's app lists, on PostgreSQL (ports/person-views.ts). */
import type { PgSql } from '../pg-sql.js';
import type { PersonViewsReader } from '../../ports/person-views.js';
import { PERSON_VIEWS_SQL as SQL } from '../../sql/person-views.js';
import type { ChatRow } from '../../ports/chats.js';
import type { UserRow } from '../../ports/users.js';

export class PgPersonViews implements PersonViewsReader {
  constructor(private readonly sql: PgSql) {}

  async listUserChats(userId: number, limit: number) {
    return (await this.sql.all(SQL.listUserChats, userId, userId, userId, limit)) as unknown as ChatRow[];
  }
  async countIncomingAfter(chatPk: number, afterId: number, userId: number) {
    return Number((await this.sql.get(SQL.countIncomingAfter, chatPk, afterId, userId))?.n ?? 0);
  }
  async listPeople(limit: number) {
    return (await this.sql.all(SQL.listPeople, limit)) as unknown as UserRow[];
  }
  async listBots(limit: number) {
    return (await this.sql.all(SQL.listBots, limit)) as unknown as UserRow[];
  }
}
