/** Giveaways on SQLite (ports/giveaways.ts). */
import type { Row, SqlStatements } from '../sql-statements.js';
import type { GiveawayRow, GiveawaysReader, GiveawaysWriter } from '../../ports/giveaways.js';

const PENDING = 'completed_at IS NULL';

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
    return toGiveaway(
      this.sql.get('SELECT * FROM giveaways WHERE chat_pk = ? AND message_id = ?', chatPk, messageId),
    );
  }
  async listDueGiveaways(nowSec: number, limit: number) {
    return this.sql
      .all(
        `SELECT * FROM giveaways WHERE ${PENDING} AND winners_selection_date <= ?
         ORDER BY winners_selection_date, id LIMIT ?`,
        nowSec,
        limit,
      )
      .map((row) => toGiveaway(row)!);
  }
  async nextGiveawayDue() {
    const row = this.sql.get(`SELECT MIN(winners_selection_date) AS at FROM giveaways WHERE ${PENDING}`);
    return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
  }
  async insertGiveaway(row: GiveawayRow) {
    this.sql.insert('giveaways', row);
  }
  async completeGiveaway(id: string, completedAt: number, winnerIds: number[]) {
    return (
      this.sql.run(
        `UPDATE giveaways SET completed_at = ?, winners = ? WHERE id = ? AND ${PENDING}`,
        completedAt,
        JSON.stringify(winnerIds),
        id,
      ).changes > 0
    );
  }
}
