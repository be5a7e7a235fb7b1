/** The Stars ledger on PostgreSQL (ports/stars.ts). */
import type { PgSql } from '../pg-sql.js';
import type { StarDirection, StarTransactionRow, StarsReader, StarsWriter } from '../../ports/stars.js';

export class PgStars implements StarsReader, StarsWriter {
  constructor(private readonly sql: PgSql) {}

  async getStarBalance(ownerId: number) {
    const row = await this.sql.get('SELECT nanos FROM star_balances WHERE owner_id = ?', ownerId);
    return row ? Number(row.nanos) : 0;
  }
  async listStarTransactions(ownerId: number, offset: number, limit: number) {
    return (await this.sql.all(
      'SELECT * FROM star_transactions WHERE owner_id = ? ORDER BY pk LIMIT ? OFFSET ?',
      ownerId,
      limit,
      offset,
    )) as unknown as StarTransactionRow[];
  }
  async getStarTransaction(ownerId: number, id: string, direction: StarDirection) {
    return (await this.sql.get(
      'SELECT * FROM star_transactions WHERE owner_id = ? AND id = ? AND direction = ?',
      ownerId,
      id,
      direction,
    )) as StarTransactionRow | undefined;
  }
  async creditStars(ownerId: number, nanos: number) {
    const row = await this.sql.get(
      `INSERT INTO star_balances (owner_id, nanos) VALUES (?, ?)
       ON CONFLICT (owner_id) DO UPDATE SET nanos = star_balances.nanos + excluded.nanos
       RETURNING nanos`,
      ownerId,
      nanos,
    );
    return Number(row!.nanos);
  }
  async debitStars(ownerId: number, nanos: number) {
    const row = await this.sql.get(
      'UPDATE star_balances SET nanos = nanos - ? WHERE owner_id = ? AND nanos >= ? RETURNING nanos',
      nanos,
      ownerId,
      nanos,
    );
    return row ? Number(row.nanos) : undefined;
  }
  async insertStarTransaction(row: Omit<StarTransactionRow, 'pk'>) {
    await this.sql.insert('star_transactions', row);
  }
}
