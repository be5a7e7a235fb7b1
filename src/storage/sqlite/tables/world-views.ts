/** What a world file reads of the whole store, on SQLite (ports/world-views.ts). */
import { type SqlStatements } from '../sql-statements.js';
import { WORLD_VIEWS_SQL as SQL } from '../../sql/world-views.js';
import type { WorldViewsReader } from '../../ports/world-views.js';
import type { ChatRow } from '../../ports/chats.js';

export class SqliteWorldViews implements WorldViewsReader {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async listChatsAfter(afterPk: number, limit: number) {
    return this.#sql.all(SQL.listChatsAfter, afterPk, limit) as unknown as ChatRow[];
  }
  async listSettingsWithPrefix(prefix: string) {
    return this.#sql.all(SQL.listSettingsWithPrefix, prefix.length, prefix) as Array<{
      key: string;
      value: string;
    }>;
  }
}
