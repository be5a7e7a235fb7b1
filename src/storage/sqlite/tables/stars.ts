/** The Stars ledger on SQLite (ports/stars.ts). */
import type { SqlStatements } from '../sql-statements.js';
import { STARS_SQL as SQL } from '../../sql/stars.js';
import type { StarDirection, StarTransactionRow, StarsReader, StarsWriter } from '../../ports/stars.js';

export class SqliteStars implements StarsReader, StarsWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getStarBalance(ownerId: number) {
    const row = this.#sql.get(SQL.getStarBalance, ownerId);
    return row ? Number(row.nanos) : 0;
  }
  async listStarTransactions(ownerId: number, offset: number, limit: number) {
    return this.#sql.all(SQL.listStarTransactions, ownerId, limit, offset) as unknown as StarTransactionRow[];
  }
  async getStarTransaction(ownerId: number, id: string, direction: StarDirection) {
    return this.#sql.get(SQL.getStarTransaction, ownerId, id, direction) as StarTransactionRow | undefined;
  }
  async creditStars(ownerId: number, nanos: number) {
    const row = this.#sql.get(SQL.creditStars, ownerId, nanos);
    return Number(row!.nanos);
  }
  async debitStars(ownerId: number, nanos: number) {
    const row = this.#sql.get(SQL.debitStars, nanos, ownerId, nanos);
    return row ? Number(row.nanos) : undefined;
  }
  async insertStarTransaction(row: Omit<StarTransactionRow, 'pk'>) {
    this.#sql.insert('star_transactions', row);
  }
}
