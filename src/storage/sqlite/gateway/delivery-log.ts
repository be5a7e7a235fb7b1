/** The delivery report log on SQLite (ports/gateway/delivery-log.ts). */
import { type SqlStatements } from '../sql-statements.js';
import { GATEWAY_DELIVERY_LOG_SQL as SQL } from '../../sql/gateway.js';
import type {
  DeliveryLogReader,
  DeliveryLogRow,
  DeliveryLogWriter,
} from '../../ports/gateway/delivery-log.js';

export class SqliteDeliveryLog implements DeliveryLogReader, DeliveryLogWriter {
  constructor(private readonly sql: SqlStatements) {}

  async insertDeliveryLog(row: Omit<DeliveryLogRow, 'id'>) {
    Number(this.sql.insert('gateway_delivery_log', row).lastInsertRowid);
  }
  async listDeliveryLog(filter: { accountId?: number; requestId?: string; limit: number }) {
    const rows = this.sql.all(
      SQL.listDeliveryLog.sqlite,
      filter.accountId ?? null,
      filter.accountId ?? null,
      filter.requestId ?? null,
      filter.requestId ?? null,
      filter.limit,
    ) as unknown as DeliveryLogRow[];
    return rows.reverse();
  }
}
