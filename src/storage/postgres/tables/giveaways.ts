/** Giveaways on PostgreSQL (ports/giveaways.ts). */
import type { PgSql } from '../pg-sql.js';
import type { GiveawayRow, GiveawaysReader, GiveawaysWriter } from '../../ports/giveaways.js';

const PENDING = 'completed_at IS NULL';

export class PgGiveaways implements GiveawaysReader, GiveawaysWriter {
  constructor(private readonly sql: PgSql) {}

  async getGiveaway(chatPk: number, messageId: number) {
    return (await this.sql.get(
      'SELECT * FROM giveaways WHERE chat_pk = ? AND message_id = ?',
      chatPk,
      messageId,
    )) as GiveawayRow | undefined;
  }
  async listDueGiveaways(nowSec: number, limit: number) {
    return (await this.sql.all(
      `SELECT * FROM giveaways WHERE ${PENDING} AND winners_selection_date <= ?
       ORDER BY winners_selection_date, id LIMIT ?`,
      nowSec,
      limit,
    )) as unknown as GiveawayRow[];
  }
  async nextGiveawayDue() {
    const row = await this.sql.get(
      `SELECT MIN(winners_selection_date) AS at FROM giveaways WHERE ${PENDING}`,
    );
    return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
  }
  async insertGiveaway(row: GiveawayRow) {
    await this.sql.insert('giveaways', row);
  }
  async completeGiveaway(id: string, completedAt: number, winnerIds: number[]) {
    return (
      (await this.sql.run(
        `UPDATE giveaways SET completed_at = ?, winners = ? WHERE id = ? AND ${PENDING}`,
        completedAt,
        JSON.stringify(winnerIds),
        id,
      )) > 0
    );
  }
}
