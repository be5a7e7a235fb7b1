/** Guest queries on SQLite (ports/guest.ts). */
import type { SqlStatements } from '../sql-statements.js';
import type { GuestQueryRow, GuestReader, GuestWriter } from '../../ports/guest.js';

export class SqliteGuest implements GuestReader, GuestWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getGuestQuery(id: string) {
    return this.#sql.get('SELECT * FROM guest_queries WHERE id = ?', id) as GuestQueryRow | undefined;
  }
  async insertGuestQuery(row: GuestQueryRow) {
    this.#sql.insert('guest_queries', row);
  }
  async answerGuestQuery(id: string, answeredAt: number) {
    const sql = 'UPDATE guest_queries SET answered_at = ? WHERE id = ? AND answered_at IS NULL';
    return this.#sql.run(sql, answeredAt, id).changes === 1;
  }
  async deleteGuestQueriesBefore(beforeSec: number) {
    return this.#sql.run('DELETE FROM guest_queries WHERE created_at < ?', beforeSec).changes;
  }
}
