/** The Stars ledger on PostgreSQL (ports/stars.ts). */
import type { PgSql } from '../pg-sql.js';
import { STARS_SQL as SQL } from '../../sql/stars.js';
import type { StarDirection, StarTransactionRow, StarsReader, StarsWriter } from '../../ports/stars.js';

export class PgStars implements StarsReader, StarsWriter {
  constructor(private readonly sql: PgSql) {}

  async getStarBalance(ownerId: number) {
    const row = await this.sql.get(SQL.getStarBalance, ownerId);
    return row ? Number(row.nanos) : 0;
  }
  async listStarTransactions(ownerId: number, offset: number, limit: number) {
    return (await this.sql.all(
      SQL.listStarTransactions,
      ownerId,
      limit,
      offset,
    )) as unknown as StarTransactionRow[];
  }
  async getStarTransaction(ownerId: number, id: string, direction: StarDirection) {
    return (await this.sql.get(SQL.getStarTransaction, ownerId, id, direction)) as
      StarTransactionRow | undefined;
  }
  async creditStars(ownerId: number, nanos: number) {
    const row = await this.sql.get(SQL.creditStars, ownerId, nanos);
    return Number(row!.nanos);
  }
  async debitStars(ownerId: number, nanos: number) {
    const row = await this.sql.get(SQL.debitStars, nanos, ownerId, nanos);
    return row ? Number(row.nanos) : undefined;
  }
  async insertStarTransaction(row: Omit<StarTransactionRow, 'pk'>) {
    await this.sql.insert('star_transactions', row);
  }
}
