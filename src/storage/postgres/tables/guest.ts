/** Guest queries on PostgreSQL (ports/guest.ts). */
import type { PgSql } from '../pg-sql.js';
import type { GuestQueryRow, GuestReader, GuestWriter } from '../../ports/guest.js';

export class PgGuest implements GuestReader, GuestWriter {
  constructor(private readonly sql: PgSql) {}

  async getGuestQuery(id: string) {
    return (await this.sql.get('SELECT * FROM guest_queries WHERE id = ?', id)) as GuestQueryRow | undefined;
  }
  async insertGuestQuery(row: GuestQueryRow) {
    await this.sql.insert('guest_queries', row);
  }
  async answerGuestQuery(id: string, answeredAt: number) {
    const sql = 'UPDATE guest_queries SET answered_at = ? WHERE id = ? AND answered_at IS NULL';
    return (await this.sql.run(sql, answeredAt, id)) === 1;
  }
  async deleteGuestQueriesBefore(beforeSec: number) {
    return this.sql.run('DELETE FROM guest_queries WHERE created_at < ?', beforeSec);
  }
}
