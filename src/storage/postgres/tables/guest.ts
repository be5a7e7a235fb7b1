/** Guest queries on PostgreSQL (ports/guest.ts). */
import type { PgSql } from '../pg-sql.js';
import type { GuestQueryRow, GuestReader, GuestWriter } from '../../ports/guest.js';
import { GUEST_SQL as SQL } from '../../sql/guest.js';

export class PgGuest implements GuestReader, GuestWriter {
  constructor(private readonly sql: PgSql) {}

  async getGuestQuery(id: string) {
    return (await this.sql.get(SQL.getGuestQuery, id)) as GuestQueryRow | undefined;
  }
  async insertGuestQuery(row: GuestQueryRow) {
    await this.sql.insert('guest_queries', row);
  }
  async answerGuestQuery(id: string, answeredAt: number) {
    return (await this.sql.run(SQL.answerGuestQuery, answeredAt, id)) === 1;
  }
  async deleteGuestQueriesBefore(beforeSec: number) {
    return this.sql.run(SQL.deleteGuestQueriesBefore, beforeSec);
  }
}
