/** What a world file reads of the whole store, on PostgreSQL (ports/world-views.ts). */
import type { PgSql } from '../pg-sql.js';
import { WORLD_VIEWS_SQL as SQL } from '../../sql/world-views.js';
import type { WorldViewsReader } from '../../ports/world-views.js';
import type { ChatRow } from '../../ports/chats.js';

export class PgWorldViews implements WorldViewsReader {
  constructor(private readonly sql: PgSql) {}

  async listChatsAfter(afterPk: number, limit: number) {
    return (await this.sql.all(SQL.listChatsAfter, afterPk, limit)) as unknown as ChatRow[];
  }
  async listSettingsWithPrefix(prefix: string) {
    return (await this.sql.all(SQL.listSettingsWithPrefix, prefix.length, prefix)) as unknown as Array<{
      key: string;
      value: string;
    }>;
  }
}
