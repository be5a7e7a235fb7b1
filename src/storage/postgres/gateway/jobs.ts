/**
 * The gateway's jobs on PostgreSQL (ports/gateway/jobs.ts). A job refers to its request by the
 * request's seq (`request_seq`), as in the SQLite adapter; reads name the port's columns only (not
 * request_seq nor the claims' lease columns, pg-job-claims.ts).
 */
import type { PgSql } from '../pg-sql.js';
import { GATEWAY_JOBS_SQL as SQL } from '../../sql/gateway.js';
import type {
  GatewayJobRow,
  GatewayJobsReader,
  GatewayJobsWriter,
  JobLane,
} from '../../ports/gateway/jobs.js';

const PENDING_REPORTS = SQL.listPendingReports.postgres;

export class PgGatewayJobs implements GatewayJobsReader, GatewayJobsWriter {
  constructor(private readonly sql: PgSql) {}

  async listDueJobs(lane: JobLane, nowMs: number, limit: number) {
    return (await this.sql.all(SQL.listDueJobs[lane], nowMs, limit)) as unknown as GatewayJobRow[];
  }
  async nextJobAt(lane: JobLane) {
    const row = await this.sql.get(SQL.nextJobAt[lane]);
    return (row?.t as number | null) ?? undefined;
  }
  async getJob(id: number) {
    return (await this.sql.get(SQL.getJob, id)) as GatewayJobRow | undefined;
  }
  async listJobs(requestId: string) {
    return (await this.sql.all(SQL.listJobs.postgres, requestId)) as unknown as GatewayJobRow[];
  }
  async listPendingReports(filter: { accountId?: number; requestId?: string }) {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.accountId !== undefined) {
      where.push(PENDING_REPORTS.accountId);
      params.push(filter.accountId);
    }
    if (filter.requestId !== undefined) {
      where.push(PENDING_REPORTS.requestId);
      params.push(filter.requestId);
    }
    return (await this.sql.all(
      `${PENDING_REPORTS.select} ${where.join(' ')} ${PENDING_REPORTS.order}`,
      ...params,
    )) as unknown as GatewayJobRow[];
  }
  async insertJob(row: Omit<GatewayJobRow, 'id'>) {
    // Answers nothing its caller needs (no unique column but its own id): in a write, it goes
    // with the write's next statement; a request it names that does not exist fails the write there.
    await this.sql.runLater(
      'gateway_jobs',
      SQL.insertJob.postgres,
      row.kind,
      row.request_id,
      row.request_id,
      row.run_at,
      row.attempts,
      row.body,
      row.device_id,
      row.created_at,
    );
  }
  // Nor do these: in a write, each goes with the write's next statement (its commit, for a
  // delivered report's delete) instead of a round trip of its own.
  async rescheduleJob(id: number, attempts: number, runAt: number) {
    await this.sql.runLater('gateway_jobs', SQL.rescheduleJob, attempts, runAt, id);
  }
  async deleteJob(id: number) {
    await this.sql.runLater('gateway_jobs', SQL.deleteJob, id);
  }
}
