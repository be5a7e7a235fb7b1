/** Giveaways on PostgreSQL (ports/giveaways.ts). */
import type { PgSql } from '../pg-sql.js';
import { GIVEAWAYS_SQL as SQL } from '../../sql/giveaways.js';
import type { GiveawayRow, GiveawaysReader, GiveawaysWriter } from '../../ports/giveaways.js';

export class PgGiveaways implements GiveawaysReader, GiveawaysWriter {
  constructor(private readonly sql: PgSql) {}

  async getGiveaway(chatPk: number, messageId: number) {
    return (await this.sql.get(SQL.getGiveaway, chatPk, messageId)) as GiveawayRow | undefined;
  }
  async listDueGiveaways(nowSec: number, limit: number) {
    return (await this.sql.all(SQL.listDueGiveaways, nowSec, limit)) as unknown as GiveawayRow[];
  }
  async nextGiveawayDue() {
    const row = await this.sql.get(SQL.nextGiveawayDue);
    return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
  }
  async insertGiveaway(row: GiveawayRow) {
    await this.sql.insert('giveaways', row);
  }
  async completeGiveaway(id: string, completedAt: number, winnerIds: number[]) {
    return (await this.sql.run(SQL.completeGiveaway, completedAt, JSON.stringify(winnerIds), id)) > 0;
  }
}
