/** Giveaways on SQLite (ports/giveaways.ts). */
import type { Row, SqlStatements } from '../sql-statements.js';
import { GIVEAWAYS_SQL as SQL } from '../../sql/giveaways.js';
import type { GiveawayRow, GiveawaysReader, GiveawaysWriter } from '../../ports/giveaways.js';

function toGiveaway(row: Row | undefined): GiveawayRow | undefined {
  if (!row) return undefined;
  return {
    ...(row as unknown as GiveawayRow),
    only_new_members: row.only_new_members === 1,
    has_public_winners: row.has_public_winners === 1,
  };
}

export class SqliteGiveaways implements GiveawaysReader, GiveawaysWriter {
  constructor(private readonly sql: SqlStatements) {}

  async getGiveaway(chatPk: number, messageId: number) {
    return toGiveaway(this.sql.get(SQL.getGiveaway, chatPk, messageId));
  }
  async listDueGiveaways(nowSec: number, limit: number) {
    return this.sql.all(SQL.listDueGiveaways, nowSec, limit).map((row) => toGiveaway(row)!);
  }
  async nextGiveawayDue() {
    const row = this.sql.get(SQL.nextGiveawayDue);
    return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
  }
  async insertGiveaway(row: GiveawayRow) {
    this.sql.insert('giveaways', row);
  }
  async completeGiveaway(id: string, completedAt: number, winnerIds: number[]) {
    return this.sql.run(SQL.completeGiveaway, completedAt, JSON.stringify(winnerIds), id).changes > 0;
  }
}
