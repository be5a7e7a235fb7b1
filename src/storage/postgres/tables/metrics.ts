/** What the metrics read at scrape time, on PostgreSQL (ports/metrics.ts). */
import type { PgSql } from '../pg-sql.js';
import { dueOf, type MetricsReader } from '../../ports/metrics.js';
import { METRICS_SQL as SQL } from '../../sql/metrics.js';

export class PgMetrics implements MetricsReader {
  constructor(private readonly sql: PgSql) {}

  async countPendingUpdates() {
    const row = await this.sql.get(SQL.countPendingUpdates);
    // SUM is NUMERIC on PostgreSQL (a string to node-postgres).
    return { all: Number(row?.n_all ?? 0), webhook: Number(row?.n_webhook ?? 0) };
  }
  async oldestDueJobs(nowMs: number) {
    const [webhook, gateway] = await Promise.all([
      this.sql.get(SQL.oldestDueUpdate, nowMs, nowMs),
      this.sql.get(SQL.oldestDueGatewayJob, nowMs),
    ]);
    return { webhook: dueOf(webhook), gateway: dueOf(gateway) };
  }
  async listAccountBalances(limit: number) {
    const rows = await this.sql.all(SQL.listAccountBalances, limit);
    return rows.map((row) => ({ id: Number(row.id), balance: Number(row.balance) }));
  }
}
