/** What a person's app lists, on SQLite (ports/person-views.ts). */
import { type SqlStatements } from '../sql-statements.js';
import type { PersonViewsReader } from '../../ports/person-views.js';
import { PERSON_VIEWS_SQL as SQL } from '../../sql/person-views.js';
import type { ChatRow } from '../../ports/chats.js';
import type { UserRow } from '../../ports/users.js';

export class SqlitePersonViews implements PersonViewsReader {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async listUserChats(userId: number, limit: number) {
    return this.#sql.all(SQL.listUserChats, userId, userId, userId, limit) as unknown as ChatRow[];
  }
  async countIncomingAfter(chatPk: number, afterId: number, userId: number) {
    return Number(this.#sql.get(SQL.countIncomingAfter, chatPk, afterId, userId)?.n ?? 0);
  }
  async listPeople(limit: number) {
    return this.#sql.all(SQL.listPeople, limit) as unknown as UserRow[];
  }
  async listBots(limit: number) {
    return this.#sql.all(SQL.listBots, limit) as unknown as UserRow[];
  }
}
