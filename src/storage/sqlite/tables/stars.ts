/** The Stars ledger on SQLite (ports/stars.ts). */
import type { SqlStatements } from '../sql-statements.js';
import type { StarDirection, StarTransactionRow, StarsReader, StarsWriter } from '../../ports/stars.js';

export class SqliteStars implements StarsReader, StarsWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getStarBalance(ownerId: number) {
    const row = this.#sql.get('SELECT nanos FROM star_balances WHERE owner_id = ?', ownerId);
    return row ? Number(row.nanos) : 0;
  }
  async listStarTransactions(ownerId: number, offset: number, limit: number) {
    return this.#sql.all(
      'SELECT * FROM star_transactions WHERE owner_id = ? ORDER BY pk LIMIT ? OFFSET ?',
      ownerId,
      limit,
      offset,
    ) as unknown as StarTransactionRow[];
  }
  async getStarTransaction(ownerId: number, id: string, direction: StarDirection) {
    return this.#sql.get(
      'SELECT * FROM star_transactions WHERE owner_id = ? AND id = ? AND direction = ?',
      ownerId,
      id,
      direction,
    ) as StarTransactionRow | undefined;
  }
  async creditStars(ownerId: number, nanos: number) {
    const row = this.#sql.get(
      `INSERT INTO star_balances (owner_id, nanos) VALUES (?, ?)
       ON CONFLICT (owner_id) DO UPDATE SET nanos = star_balances.nanos + excluded.nanos
       RETURNING nanos`,
      ownerId,
      nanos,
    );
    return Number(row!.nanos);
  }
  async debitStars(ownerId: number, nanos: number) {
    const row = this.#sql.get(
      'UPDATE star_balances SET nanos = nanos - ? WHERE owner_id = ? AND nanos >= ? RETURNING nanos',
      nanos,
      ownerId,
      nanos,
    );
    return row ? Number(row.nanos) : undefined;
  }
  async insertStarTransaction(row: Omit<StarTransactionRow, 'pk'>) {
    this.#sql.insert('star_transactions', row);
  }
}
