/** The gateway's jobs on SQLite (ports/gateway/jobs.ts). */
import { columnsOf } from './row-helpers.js';
import { SEQ_OF, type RequestIds } from './request-ids.js';
import { LIMIT_PARAM as LIMIT, type SqlStatements } from '../sql-statements.js';
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

/** A job's columns as the port has them (without request_seq), for `FROM gateway_jobs j`. */
const JOB = columnsOf<GatewayJobRow>({
  id: true,
  kind: true,
  request_id: true,
  run_at: true,
  attempts: true,
  body: true,
  device_id: true,
  created_at: true,
})
  .map((name) => `j.${name}`)
  .join(', ');
/** A job is inserted with its request's seq, found from the request_id (a row the send just wrote). */
const INSERT_JOB = `INSERT INTO gateway_jobs
  (kind, request_seq, request_id, run_at, attempts, body, device_id, created_at)
  VALUES (?, ${SEQ_OF}, ?, ?, ?, ?, ?, ?)`;

export class SqliteGatewayJobs implements GatewayJobsReader, GatewayJobsWriter {
  constructor(
    private readonly sql: SqlStatements,
    private readonly ids: RequestIds,
  ) {}

  async listDueJobs(lane: JobLane, nowMs: number, limit: number) {
    return this.sql.all(
      `SELECT ${JOB} FROM gateway_jobs j WHERE j.run_at <= ? AND ${LANE[lane]} ORDER BY j.run_at, j.id LIMIT ${LIMIT}`,
      nowMs,
      limit,
    ) as unknown as GatewayJobRow[];
  }
  async nextJobAt(lane: JobLane) {
    const row = this.sql.get(`SELECT min(j.run_at) AS t FROM gateway_jobs j WHERE ${LANE[lane]}`);
    return (row?.t as number | null) ?? undefined;
  }
  async getJob(id: number) {
    return this.sql.get(`SELECT ${JOB} FROM gateway_jobs j WHERE j.id = ?`, id) as GatewayJobRow | undefined;
  }
  async listJobs(requestId: string) {
    return this.sql.all(
      `SELECT ${JOB} FROM gateway_jobs j WHERE j.request_seq = ${SEQ_OF} ORDER BY j.id`,
      ...this.ids.seqParams(requestId),
    ) as unknown as GatewayJobRow[];
  }
  async listPendingReports(filter: { accountId?: number; requestId?: string }) {
    return this.sql.all(
      // Without the hint the planner walks every job (ttl expiries included) to avoid a sort.
      `SELECT ${JOB} FROM gateway_jobs j INDEXED BY gateway_jobs_report_due
       JOIN gateway_requests r ON r.seq = j.request_seq
       WHERE j.kind = 'report' AND (? IS NULL OR r.account_id = ?) AND (? IS NULL OR r.request_id = ?)
       ORDER BY j.id`,
      filter.accountId ?? null,
      filter.accountId ?? null,
      filter.requestId ?? null,
      filter.requestId ?? null,
    ) as unknown as GatewayJobRow[];
  }
  async insertJob(row: Omit<GatewayJobRow, 'id'>) {
    const { request_id: requestId } = row;
    const result = this.sql.run(
      INSERT_JOB,
      row.kind,
      ...this.ids.seqParams(requestId),
      requestId,
      row.run_at,
      row.attempts,
      row.body,
      row.device_id,
      row.created_at,
    );
    return Number(result.lastInsertRowid);
  }
  async rescheduleJob(id: number, attempts: number, runAt: number) {
    this.sql.run('UPDATE gateway_jobs SET attempts = ?, run_at = ? WHERE id = ?', attempts, runAt, id);
  }
  async deleteJob(id: number) {
    this.sql.run('DELETE FROM gateway_jobs WHERE id = ?', id);
  }
}
