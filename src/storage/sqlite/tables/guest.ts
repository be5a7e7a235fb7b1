/** Guest queries on SQLite (ports/guest.ts). */
import type { SqlStatements } from '../sql-statements.js';
import type { GuestQueryRow, GuestReader, GuestWriter } from '../../ports/guest.js';
import { GUEST_SQL as SQL } from '../../sql/guest.js';

export class SqliteGuest implements GuestReader, GuestWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getGuestQuery(id: string) {
    return this.#sql.get(SQL.getGuestQuery, id) as GuestQueryRow | undefined;
  }
  async insertGuestQuery(row: GuestQueryRow) {
    this.#sql.insert('guest_queries', row);
  }
  async answerGuestQuery(id: string, answeredAt: number) {
    return this.#sql.run(SQL.answerGuestQuery, answeredAt, id).changes === 1;
  }
  async deleteGuestQueriesBefore(beforeSec: number) {
    return this.#sql.run(SQL.deleteGuestQueriesBefore, beforeSec).changes;
  }
}
