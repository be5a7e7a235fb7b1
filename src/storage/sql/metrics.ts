/** What the metrics read at scrape time (ports/metrics.ts): one text for both adapters (ADR 0109). */
export const METRICS_SQL = Object.freeze({
  countPendingUpdates: `SELECT COUNT(*) AS n_all,
      COALESCE(SUM(CASE WHEN b.webhook_url <> '' THEN 1 ELSE 0 END), 0) AS n_webhook
    FROM updates u JOIN bots b ON b.id = u.bot_id`,
  oldestDueUpdate: `SELECT MIN(due) AS due FROM (
      SELECT CASE WHEN u.next_attempt_at > u.created_at * 1000 THEN u.next_attempt_at
                  ELSE u.created_at * 1000 END AS due
        FROM updates u JOIN bots b ON b.id = u.bot_id
       WHERE b.webhook_url <> '' AND u.next_attempt_at <= ?) AS pending
    WHERE due <= ?`,
  oldestDueGatewayJob: 'SELECT MIN(run_at) AS due FROM gateway_jobs WHERE run_at <= ?',
  listAccountBalances: 'SELECT id, balance FROM gateway_accounts ORDER BY id LIMIT ?',
} as const);
