/**
 * What the metrics read at scrape time (server/metrics.ts, ADR 0060): counts and ages over
 * `updates`, `bots`, `gateway_jobs` and `gateway_accounts`, one statement each, never cached.
 * Nothing here is read per request.
 *
 * Contract:
 * - `countPendingUpdates` counts the rows of `updates` (not yet confirmed by getUpdates, not yet
 *   delivered to a webhook), all of them and those of bots with a webhook set.
 * - `oldestDueJobs(nowMs)` answers, per queue, the time (virtual ms) since which the oldest job that
 *   is due at `nowMs` has been due, or undefined when none is due: `webhook`, a pending update of a
 *   bot with a webhook, due from the later of its creation (`created_at`, seconds) and its
 *   `next_attempt_at`; `gateway`, a `gateway_jobs` row, due from `run_at`.
 * - `listAccountBalances` answers the first `limit` gateway accounts' ids and balances (units), in
 *   id order.
 */

export interface PendingUpdateCounts {
  all: number;
  /** Rows of bots with a webhook: pending webhook deliveries. */
  webhook: number;
}

export interface OldestDueJobs {
  webhook: number | undefined;
  gateway: number | undefined;
}

export interface MetricsReader {
  countPendingUpdates(): Promise<PendingUpdateCounts>;
  oldestDueJobs(nowMs: number): Promise<OldestDueJobs>;
  listAccountBalances(limit: number): Promise<Array<{ id: number; balance: number }>>;
}

/** A MIN() read back: a number, or undefined for SQL NULL (no row). */
export function dueOf(row: Record<string, unknown> | undefined): number | undefined {
  const value = row?.due;
  return value === null || value === undefined ? undefined : Number(value);
}
