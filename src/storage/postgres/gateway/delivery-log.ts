/** The delivery report log on PostgreSQL (ports/gateway/delivery-log.ts). */
import type { PgSql } from '../pg-sql.js';
import { GATEWAY_DELIVERY_LOG_SQL as SQL } from '../../sql/gateway.js';
import type {
  DeliveryLogReader,
  DeliveryLogRow,
  DeliveryLogWriter,
} from '../../ports/gateway/delivery-log.js';

const { select, accountId, requestId, order } = SQL.listDeliveryLog.postgres;

export class PgDeliveryLog implements DeliveryLogReader, DeliveryLogWriter {
  constructor(private readonly sql: PgSql) {}

  async insertDeliveryLog(row: Omit<DeliveryLogRow, 'id'>) {
    // Answers nothing: in a write, it goes with the write's next statement.
    await this.sql.insertLater('gateway_delivery_log', row);
  }
  async listDeliveryLog(filter: { accountId?: number; requestId?: string; limit: number }) {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.accountId !== undefined) {
      where.push(accountId);
      params.push(filter.accountId);
    }
    if (filter.requestId !== undefined) {
      where.push(requestId);
      params.push(filter.requestId);
    }
    const rows = (await this.sql.all(
      `${select} ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ${order}`,
      ...params,
      filter.limit,
    )) as unknown as DeliveryLogRow[];
    return rows.reverse();
  }
}
