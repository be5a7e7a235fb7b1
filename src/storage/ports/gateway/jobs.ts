/**
 * The gateway's durable jobs (table `gateway_jobs`): delivery reports ('report') and the timed jobs
 * of a request ('receipt', 'read', 'expire'), each due at a virtual time.
 *
 * Contract:
 * - A job is written in the write that causes it (the send, the status change it reports).
 * - Reports of one request go out one at a time, in id order: a report is due only when no earlier
 *   report of its request is pending.
 */

export type GatewayJobKind = 'report' | 'receipt' | 'read' | 'expire';

export interface GatewayJobRow {
  id: number;
  kind: GatewayJobKind;
  request_id: string;
  /** Virtual ms at which the job is due. */
  run_at: number;
  /** Failed attempts so far (reports). */
  attempts: number;
  /** The report's JSON body, as of the status change it reports. */
  body: string | null;
  /** The device that acknowledges ('receipt'). */
  device_id: number | null;
  created_at: number;
}

/** Which jobs a worker takes: report deliveries or the timed jobs (receipt, read, expire). */
export type JobLane = 'report' | 'timed';

export interface GatewayJobsReader {
  /**
   * Due jobs of a lane, by run_at then id, at most `limit`. A report is due only when no earlier
   * report of its request is pending, so that a request's reports go out one at a time, in order.
   */
  listDueJobs(lane: JobLane, nowMs: number, limit: number): Promise<GatewayJobRow[]>;
  /** The earliest run_at among the lane's jobs that could become due, or undefined. */
  nextJobAt(lane: JobLane): Promise<number | undefined>;
  getJob(id: number): Promise<GatewayJobRow | undefined>;
  listJobs(requestId: string): Promise<GatewayJobRow[]>;
  listPendingReports(filter: { accountId?: number; requestId?: string }): Promise<GatewayJobRow[]>;
}

export interface GatewayJobsWriter {
  insertJob(row: Omit<GatewayJobRow, 'id'>): Promise<void>;
  rescheduleJob(id: number, attempts: number, runAt: number): Promise<void>;
  deleteJob(id: number): Promise<void>;
}
