/** The gateway's jobs on SQLite (ports/gateway/jobs.ts). */
import { type RequestIds } from './request-ids.js';
import { type SqlStatements } from '../sql-statements.js';
import { GATEWAY_JOBS_SQL as SQL } from '../../sql/gateway.js';
import type {
  GatewayJobRow,
  GatewayJobsReader,
  GatewayJobsWriter,
  JobLane,
} from '../../ports/gateway/jobs.js';

export class SqliteGatewayJobs implements GatewayJobsReader, GatewayJobsWriter {
  constructor(
    private readonly sql: SqlStatements,
    private readonly ids: RequestIds,
  ) {}

  async listDueJobs(lane: JobLane, nowMs: number, limit: number) {
    return this.sql.all(SQL.listDueJobs[lane], nowMs, limit) as unknown as GatewayJobRow[];
  }
  async nextJobAt(lane: JobLane) {
    const row = this.sql.get(SQL.nextJobAt[lane]);
    return (row?.t as number | null) ?? undefined;
  }
  async getJob(id: number) {
    return this.sql.get(SQL.getJob, id) as GatewayJobRow | undefined;
  }
  async listJobs(requestId: string) {
    return this.sql.all(SQL.listJobs.sqlite, ...this.ids.seqParams(requestId)) as unknown as GatewayJobRow[];
  }
  async listPendingReports(filter: { accountId?: number; requestId?: string }) {
    return this.sql.all(
      SQL.listPendingReports.sqlite,
      filter.accountId ?? null,
      filter.accountId ?? null,
      filter.requestId ?? null,
      filter.requestId ?? null,
    ) as unknown as GatewayJobRow[];
  }
  async insertJob(row: Omit<GatewayJobRow, 'id'>) {
    const { request_id: requestId } = row;
    this.sql.run(
      SQL.insertJob.sqlite,
      row.kind,
      ...this.ids.seqParams(requestId),
      requestId,
      row.run_at,
      row.attempts,
      row.body,
      row.device_id,
      row.created_at,
    );
  }
  async rescheduleJob(id: number, attempts: number, runAt: number) {
    this.sql.run(SQL.rescheduleJob, attempts, runAt, id);
  }
  async deleteJob(id: number) {
    this.sql.run(SQL.deleteJob, id);
  }
}
