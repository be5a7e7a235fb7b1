/**
 * The delivery log as the control API shows it: every attempt to deliver a report (with the headers
 * sent, so a receiver's signature check can be replayed) and the reports still pending.
 */
import type { PlatformDeps } from '../core/platform-deps.js';
import type { DeliveryLogRow, GatewayJobRow } from '../../storage/gateway-store.js';

export interface DeliveryAttempt {
  id: number;
  request_id: string;
  attempt: number;
  url: string;
  /** X-Request-Timestamp and X-Request-Signature as sent. */
  timestamp: number;
  signature: string;
  body: string;
  status_code?: number;
  error?: string;
  outcome: DeliveryLogRow['outcome'];
  /** Unix seconds (virtual) of the attempt, and of the next one after a failure. */
  date: number;
  next_attempt_date?: number;
}

export interface PendingReport {
  request_id: string;
  /** Attempts made so far. */
  attempts: number;
  next_attempt_date: number;
  body: string;
}

export interface DeliveryLog {
  attempts: DeliveryAttempt[];
  pending: PendingReport[];
}

function attemptView(row: DeliveryLogRow): DeliveryAttempt {
  const view: DeliveryAttempt = {
    id: row.id,
    request_id: row.request_id,
    attempt: row.attempt,
    url: row.url,
    timestamp: row.timestamp,
    signature: row.signature,
    body: row.body,
    outcome: row.outcome,
    date: Math.floor(row.created_at / 1000),
  };
  if (row.status_code !== null) view.status_code = row.status_code;
  if (row.error !== null) view.error = row.error;
  if (row.next_attempt_at !== null) view.next_attempt_date = Math.ceil(row.next_attempt_at / 1000);
  return view;
}

function pendingView(job: GatewayJobRow): PendingReport {
  return {
    request_id: job.request_id,
    attempts: job.attempts,
    next_attempt_date: Math.ceil(job.run_at / 1000),
    body: job.body ?? '',
  };
}

export async function readDeliveryLog(
  deps: PlatformDeps,
  filter: { accountId?: number | undefined; requestId?: string | undefined; limit: number },
): Promise<DeliveryLog> {
  const { gateway } = deps.store;
  const where = {
    ...(filter.accountId !== undefined ? { accountId: filter.accountId } : {}),
    ...(filter.requestId !== undefined ? { requestId: filter.requestId } : {}),
  };
  const [attempts, pending] = await Promise.all([
    gateway.listDeliveryLog({ ...where, limit: filter.limit }),
    gateway.listPendingReports(where),
  ]);
  return { attempts: attempts.map(attemptView), pending: pending.map(pendingView) };
}
