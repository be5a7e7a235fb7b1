/**
 * The gateway's jobs on PostgreSQL (ports/gateway/jobs.ts). A job refers to its request by the
 * request's seq (`request_seq`), as in the SQLite adapter; reads name the port's columns only (not
 * request_seq nor the claims' lease columns, pg-job-claims.ts).
 */
import type { PgSql } from '../pg-sql.js';
import type {
  GatewayJobRow,
  GatewayJobsReader,
  GatewayJobsWriter,
  JobLane,
} from '../../ports/gateway/jobs.js';

/** Report jobs wait while an earlier report of their request is pending (per-request order). */
const REPORT_IS_HEAD = `NOT EXISTS (SELECT 1 FROM gateway_jobs e WHERE e.kind = 'report'
  AND e.request_seq = j.request_seq AND e.id < j.id)`;

const LANE: Record<JobLane, string> = {
  report: `j.kind = 'report' AND ${REPORT_IS_HEAD}`,
  timed: `j.kind <> 'report'`,
};

/** Every column of a job as the port has it (the compiler checks none is missing). */
const COLUMNS: Record<keyof GatewayJobRow, true> = {
  id: true,
  kind: true,
  request_id: true,
  run_at: true,
  attempts: true,
  body: true,
  device_id: true,
  created_at: true,
};
/** A job's columns, for `FROM gateway_jobs j`. */
const JOB = Object.keys(COLUMNS)
  .map((name) => `j.${name}`)
  .join(', ');
/** A request's seq (its integer key), which jobs refer to it by. */
const SEQ_OF = '(SELECT seq FROM gateway_requests WHERE request_id = ?)';

export class PgGatewayJobs implements GatewayJobsReader, GatewayJobsWriter {
  constructor(private readonly sql: PgSql) {}

  async listDueJobs(lane: JobLane, nowMs: number, limit: number) {
    return (await this.sql.all(
      `SELECT ${JOB} FROM gateway_jobs j WHERE j.run_at <= ? AND ${LANE[lane]} ORDER BY j.run_at, j.id LIMIT ?`,
      nowMs,
      limit,
    )) as unknown as GatewayJobRow[];
  }
  async nextJobAt(lane: JobLane) {
    const row = await this.sql.get(`SELECT min(j.run_at) AS t FROM gateway_jobs j WHERE ${LANE[lane]}`);
    return (row?.t as number | null) ?? undefined;
  }
  async getJob(id: number) {
    return (await this.sql.get(`SELECT ${JOB} FROM gateway_jobs j WHERE j.id = ?`, id)) as
      GatewayJobRow | undefined;
  }
  async listJobs(requestId: string) {
    return (await this.sql.all(
      `SELECT ${JOB} FROM gateway_jobs j WHERE j.request_seq = ${SEQ_OF} ORDER BY j.id`,
      requestId,
    )) as unknown as GatewayJobRow[];
  }
  async listPendingReports(filter: { accountId?: number; requestId?: string }) {
    const where = ["j.kind = 'report'"];
    const params: unknown[] = [];
    if (filter.accountId !== undefined) {
      where.push('r.account_id = ?');
      params.push(filter.accountId);
    }
    if (filter.requestId !== undefined) {
      where.push('r.request_id = ?');
      params.push(filter.requestId);
    }
    return (await this.sql.all(
      `SELECT ${JOB} FROM gateway_jobs j JOIN gateway_requests r ON r.seq = j.request_seq
       WHERE ${where.join(' AND ')} ORDER BY j.id`,
      ...params,
    )) as unknown as GatewayJobRow[];
  }
  async insertJob(row: Omit<GatewayJobRow, 'id'>) {
    const inserted = await this.sql.get(
      `INSERT INTO gateway_jobs (kind, request_seq, request_id, run_at, attempts, body, device_id, created_at)
       VALUES (?, ${SEQ_OF}, ?, ?, ?, ?, ?, ?) RETURNING id`,
      row.kind,
      row.request_id,
      row.request_id,
      row.run_at,
      row.attempts,
      row.body,
      row.device_id,
      row.created_at,
    );
    return inserted!.id as number;
  }
  async rescheduleJob(id: number, attempts: number, runAt: number) {
    await this.sql.run('UPDATE gateway_jobs SET attempts = ?, run_at = ? WHERE id = ?', attempts, runAt, id);
  }
  async deleteJob(id: number) {
    await this.sql.run('DELETE FROM gateway_jobs WHERE id = ?', id);
  }
}
