/**
 * The log of delivery report attempts (table `gateway_delivery_log`): one row per attempt, written in
 * the write that records the attempt's outcome on its job. Append-only; lists answer oldest first.
 */

export type ReportOutcome = 'delivered' | 'failed' | 'lost';

export interface DeliveryLogRow {
  id: number;
  account_id: number;
  request_id: string;
  /** 1 for the first attempt of a report, up to 11. */
  attempt: number;
  url: string;
  /** X-Request-Timestamp sent. */
  timestamp: number;
  /** X-Request-Signature sent. */
  signature: string;
  body: string;
  status_code: number | null;
  error: string | null;
  outcome: ReportOutcome;
  /** Virtual ms of the next attempt ('failed'). */
  next_attempt_at: number | null;
  /** Virtual ms of the attempt. */
  created_at: number;
}

export interface DeliveryLogReader {
  /** The newest `limit` log entries matching the filter, oldest first. */
  listDeliveryLog(filter: {
    accountId?: number;
    requestId?: string;
    limit: number;
  }): Promise<DeliveryLogRow[]>;
}

export interface DeliveryLogWriter {
  insertDeliveryLog(row: Omit<DeliveryLogRow, 'id'>): Promise<void>;
}
