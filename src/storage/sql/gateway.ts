/**
 * The statements of the gateway's stores (ports/gateway/: accounts, devices, jobs, requests and the
 * delivery log), one text for both adapters where they run the same (ADR 0109), `?` placeholders.
 * One file, because jobs and requests share how a request's seq is found (SEQ_OF), which the
 * dialects do differently.
 * `LIMIT CAST(? AS INTEGER)`: SQLite plans a plain `LIMIT ?` with its value and prepares it again at
 * each bind (sqlite/sql-statements.ts); PostgreSQL reads both alike.
 */

/**
 * The seq of a request_id, as a scalar subquery (NULL when there is no such request). SQLite
 * computes the seq of the ids it made (sqlite/gateway/request-ids.ts: three parameters,
 * `...seqParams(id)`): the row at the computed seq if it holds that id, else the other ids' entry.
 * PostgreSQL looks the id up (one parameter, the id).
 */
export const SEQ_OF = Object.freeze({
  sqlite: `COALESCE((SELECT seq FROM gateway_requests WHERE seq = ? AND request_id = ?),
    (SELECT seq FROM gateway_request_other_ids WHERE request_id = ?))`,
  postgres: '(SELECT seq FROM gateway_requests WHERE request_id = ?)',
} as const);

export const GATEWAY_ACCOUNTS_SQL = Object.freeze({
  getAccount: 'SELECT * FROM gateway_accounts WHERE id = ?',
  listAccountIds: 'SELECT id FROM gateway_accounts ORDER BY id LIMIT ?',
  getAccountByLookup: 'SELECT * FROM gateway_accounts WHERE token_lookup = ?',
  debit: 'UPDATE gateway_accounts SET balance = balance - ? WHERE id = ? AND balance >= ? RETURNING balance',
  credit: 'UPDATE gateway_accounts SET balance = balance + ? WHERE id = ? RETURNING balance',
  setDefaultPrice: 'UPDATE gateway_accounts SET default_price = ? WHERE id = ?',
  listPrices: 'SELECT * FROM gateway_prices WHERE account_id = ? ORDER BY prefix',
  /** `setPrice` with a price. */
  setPrice: `INSERT INTO gateway_prices (account_id, prefix, price) VALUES (?, ?, ?)
    ON CONFLICT (account_id, prefix) DO UPDATE SET price = excluded.price`,
  /** `setPrice` with null: the default price again. */
  deletePrice: 'DELETE FROM gateway_prices WHERE account_id = ? AND prefix = ?',
  /** The newest first (the adapters answer them oldest first). */
  listLedger: 'SELECT * FROM gateway_ledger WHERE account_id = ? ORDER BY id DESC LIMIT CAST(? AS INTEGER)',
} as const);

export const GATEWAY_DEVICES_SQL = Object.freeze({
  listDevices: 'SELECT * FROM devices WHERE user_id = ? ORDER BY id',
  getDevice: 'SELECT * FROM devices WHERE id = ?',
} as const);

/** A job's columns as the port has them (not request_seq, nor the claims' lease columns), for `FROM gateway_jobs j`. */
const JOB = 'j.id, j.kind, j.request_id, j.run_at, j.attempts, j.body, j.device_id, j.created_at';

/** Report jobs wait while an earlier report of their request is pending (per-request order). */
const REPORT_IS_HEAD = `NOT EXISTS (SELECT 1 FROM gateway_jobs e WHERE e.kind = 'report'
  AND e.request_seq = j.request_seq AND e.id < j.id)`;

/** The jobs of a lane (ports/gateway/jobs.ts: JobLane). */
const LANE = Object.freeze({
  report: `j.kind = 'report' AND ${REPORT_IS_HEAD}`,
  timed: `j.kind <> 'report'`,
} as const);

const dueJobs = (lane: string) =>
  `SELECT ${JOB} FROM gateway_jobs j WHERE j.run_at <= ? AND ${lane}
    ORDER BY j.run_at, j.id LIMIT CAST(? AS INTEGER)`;

export const GATEWAY_JOBS_SQL = Object.freeze({
  /** By lane. */
  listDueJobs: Object.freeze({ report: dueJobs(LANE.report), timed: dueJobs(LANE.timed) } as const),
  /** By lane. */
  nextJobAt: Object.freeze({
    report: `SELECT min(j.run_at) AS t FROM gateway_jobs j WHERE ${LANE.report}`,
    timed: `SELECT min(j.run_at) AS t FROM gateway_jobs j WHERE ${LANE.timed}`,
  } as const),
  getJob: `SELECT ${JOB} FROM gateway_jobs j WHERE j.id = ?`,
  /** SEQ_OF's parameters. */
  listJobs: Object.freeze({
    sqlite: `SELECT ${JOB} FROM gateway_jobs j WHERE j.request_seq = ${SEQ_OF.sqlite} ORDER BY j.id`,
    postgres: `SELECT ${JOB} FROM gateway_jobs j WHERE j.request_seq = ${SEQ_OF.postgres} ORDER BY j.id`,
  } as const),
  /**
   * SQLite: every filter in one text, with the index named (without it the planner walks every job,
   * ttl expiries included, to avoid a sort); its parameters are the account twice, then the request
   * id twice, null for no filter. PostgreSQL: `select`, the filters given joined by AND (a `? IS
   * NULL` test would leave it without the parameter's type), then `order`.
   */
  listPendingReports: Object.freeze({
    sqlite: `SELECT ${JOB} FROM gateway_jobs j INDEXED BY gateway_jobs_report_due
      JOIN gateway_requests r ON r.seq = j.request_seq
      WHERE j.kind = 'report' AND (? IS NULL OR r.account_id = ?) AND (? IS NULL OR r.request_id = ?)
      ORDER BY j.id`,
    postgres: Object.freeze({
      select: `SELECT ${JOB} FROM gateway_jobs j JOIN gateway_requests r ON r.seq = j.request_seq
        WHERE j.kind = 'report'`,
      accountId: 'AND r.account_id = ?',
      requestId: 'AND r.request_id = ?',
      order: 'ORDER BY j.id',
    } as const),
  } as const),
  /**
   * A job is inserted with its request's seq, found from the request_id (a row the send just
   * wrote): the kind, SEQ_OF's parameters, then the other columns. PostgreSQL answers the new id.
   */
  insertJob: Object.freeze({
    sqlite: `INSERT INTO gateway_jobs (kind, request_seq, request_id, run_at, attempts, body, device_id, created_at)
      VALUES (?, ${SEQ_OF.sqlite}, ?, ?, ?, ?, ?, ?)`,
    postgres: `INSERT INTO gateway_jobs (kind, request_seq, request_id, run_at, attempts, body, device_id, created_at)
      VALUES (?, ${SEQ_OF.postgres}, ?, ?, ?, ?, ?, ?)`,
  } as const),
  rescheduleJob: 'UPDATE gateway_jobs SET attempts = ?, run_at = ? WHERE id = ?',
  deleteJob: 'DELETE FROM gateway_jobs WHERE id = ?',
} as const);

/** A request's columns as the port has them (without the table's own key, seq). */
const REQUEST = `request_id, account_id, user_id, phone_number, cost, is_refunded, created_at, sent_at, chat_pk,
  message_id, sender_chat_pk, code_hash, code_expires_at, attempts, delivery_status, delivery_updated_at,
  verification_status, verification_updated_at, code_entered, callback_url, payload, ttl`;

export const GATEWAY_REQUESTS_SQL = Object.freeze({
  /** SQLite by SEQ_OF (its parameters), PostgreSQL by the id. */
  getRequest: Object.freeze({
    sqlite: `SELECT ${REQUEST} FROM gateway_requests WHERE seq = ${SEQ_OF.sqlite}`,
    postgres: `SELECT ${REQUEST} FROM gateway_requests WHERE request_id = ?`,
  } as const),
  listAccountRequests: `SELECT ${REQUEST} FROM gateway_requests WHERE account_id = ?
    ORDER BY created_at DESC, seq DESC LIMIT CAST(? AS INTEGER)`,
  /** The newest first (the adapters answer them oldest first). */
  listSentRequests: `SELECT ${REQUEST} FROM gateway_requests WHERE user_id = ? AND sent_at IS NOT NULL
    ORDER BY sent_at DESC, seq DESC LIMIT CAST(? AS INTEGER)`,
  listUndeliveredRequests: `SELECT ${REQUEST} FROM gateway_requests WHERE user_id = ? AND delivery_status = 'sent'
    ORDER BY seq`,
  getChannelVerifiedAt: 'SELECT verified_at FROM gateway_channels WHERE chat_pk = ?',
  /** `setChannelVerified` with a time. */
  setChannelVerified: `INSERT INTO gateway_channels (chat_pk, verified_at) VALUES (?, ?)
    ON CONFLICT (chat_pk) DO UPDATE SET verified_at = excluded.verified_at`,
  /** `setChannelVerified` with null. */
  unsetChannelVerified: 'DELETE FROM gateway_channels WHERE chat_pk = ?',
  deleteMessage: 'DELETE FROM messages WHERE chat_pk = ? AND message_id = ?',
} as const);

export const GATEWAY_DELIVERY_LOG_SQL = Object.freeze({
  /**
   * The newest first (the adapters answer them oldest first). SQLite: every filter in one text, its
   * parameters the account twice, the request id twice (null for no filter), then the limit.
   * PostgreSQL: `select`, `WHERE` and the filters given joined by AND (a `? IS NULL` test would
   * leave it without the parameter's type), then `order`.
   */
  listDeliveryLog: Object.freeze({
    sqlite: `SELECT * FROM gateway_delivery_log
      WHERE (? IS NULL OR account_id = ?) AND (? IS NULL OR request_id = ?)
      ORDER BY id DESC LIMIT CAST(? AS INTEGER)`,
    postgres: Object.freeze({
      select: 'SELECT * FROM gateway_delivery_log',
      accountId: 'account_id = ?',
      requestId: 'request_id = ?',
      order: 'ORDER BY id DESC LIMIT CAST(? AS INTEGER)',
    } as const),
  } as const),
} as const);
