/** What the metrics read at scrape time, on SQLite (ports/metrics.ts). */
import { type SqlStatements } from '../sql-statements.js';
import { dueOf, type MetricsReader } from '../../ports/metrics.js';
import { METRICS_SQL as SQL } from '../../sql/metrics.js';

export class SqliteMetrics implements MetricsReader {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async countPendingUpdates() {
    const row = this.#sql.get(SQL.countPendingUpdates);
    return { all: Number(row?.n_all ?? 0), webhook: Number(row?.n_webhook ?? 0) };
  }
  async oldestDueJobs(nowMs: number) {
    return {
      webhook: dueOf(this.#sql.get(SQL.oldestDueUpdate, nowMs, nowMs)),
      gateway: dueOf(this.#sql.get(SQL.oldestDueGatewayJob, nowMs)),
    };
  }
  async listAccountBalances(limit: number) {
    return this.#sql
      .all(SQL.listAccountBalances, limit)
      .map((row) => ({ id: Number(row.id), balance: Number(row.balance) }));
  }
}
