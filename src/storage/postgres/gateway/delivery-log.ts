/** The delivery report log on PostgreSQL (ports/gateway/delivery-log.ts). */
import type { PgSql } from '../pg-sql.js';
import type {
  DeliveryLogReader,
  DeliveryLogRow,
  DeliveryLogWriter,
} from '../../ports/gateway/delivery-log.js';

export class PgDeliveryLog implements DeliveryLogReader, DeliveryLogWriter {
  constructor(private readonly sql: PgSql) {}

  async insertDeliveryLog(row: Omit<DeliveryLogRow, 'id'>) {
    await this.sql.insert('gateway_delivery_log', row);
  }
  async listDeliveryLog(filter: { accountId?: number; requestId?: string; limit: number }) {
    // Only the filters given (a `? IS NULL` test would leave PostgreSQL without the parameter's type).
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.accountId !== undefined) {
      where.push('account_id = ?');
      params.push(filter.accountId);
    }
    if (filter.requestId !== undefined) {
      where.push('request_id = ?');
      params.push(filter.requestId);
    }
    const rows = (await this.sql.all(
      `SELECT * FROM gateway_delivery_log ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY id DESC LIMIT ?`,
      ...params,
      filter.limit,
    )) as unknown as DeliveryLogRow[];
    return rows.reverse();
  }
}
