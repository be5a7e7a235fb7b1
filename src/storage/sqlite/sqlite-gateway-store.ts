/**
 * The SQLite adapter of the gateway sub-port. It is built by SqliteStore on the same connection, so
 * that its writes run inside the SAVEPOINT of the `store.write` batch they are called from.
 *
 * The rows every send reads (the account, its price overrides, the person's devices) are kept in
 * memory (ADR 0015). A write through this adapter updates or drops the entries it changes, and
 * SqliteStore calls `forgetUncommitted` whenever it rolls anything back, so that no entry outlives
 * a change that was not committed. Nothing else writes these tables.
 */
import { LIMIT_PARAM as LIMIT, sqlValue, type Row, type SqlStatements } from './sql-statements.js';
import type {
  DeliveryLogRow,
  DeviceRow,
  GatewayAccountRow,
  GatewayJobRow,
  GatewayPriceRow,
  GatewayStoreTx,
  JobLane,
  LedgerRow,
  VerificationRequestRow,
} from '../gateway-store.js';

function toDevice(row: Row | undefined): DeviceRow | undefined {
  return row ? ({ ...row, online: row.online === 1 } as unknown as DeviceRow) : undefined;
}

function toRequest(row: Row | undefined): VerificationRequestRow | undefined {
  return row
    ? ({ ...row, is_refunded: row.is_refunded === 1 } as unknown as VerificationRequestRow)
    : undefined;
}

/** A request's seq (its integer key), which jobs refer to it by (ADR 0015). */
const SEQ_OF = '(SELECT seq FROM gateway_requests WHERE request_id = ?)';

/** Report jobs wait while an earlier report of their request is pending (per-request order). */
const REPORT_IS_HEAD = `NOT EXISTS (SELECT 1 FROM gateway_jobs e WHERE e.kind = 'report'
  AND e.request_seq = j.request_seq AND e.id < j.id)`;

const LANE: Record<JobLane, string> = {
  report: `j.kind = 'report' AND ${REPORT_IS_HEAD}`,
  timed: `j.kind <> 'report'`,
};

/**
 * The columns of a row type, listed once: the hot statements (a request, a job and a ledger entry
 * per send) need not build and look up their SQL text per row, and reads name the port's columns
 * only (not the tables' integer keys). `columns` is a record with every column as a key, so that
 * the compiler checks none is missing.
 */
function columnsOf<T extends object>(columns: Record<keyof T & string, true>): Array<keyof T & string> {
  return Object.keys(columns) as Array<keyof T & string>;
}

/** The INSERT of every column of a row type, written once. */
function inserter<T extends object>(table: string, names: Array<keyof T & string>) {
  const sql = `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`;
  return (statements: SqlStatements, row: T) =>
    statements.run(sql, ...names.map((name) => sqlValue(row[name])));
}

const REQUEST_COLUMNS = columnsOf<VerificationRequestRow>({
  request_id: true,
  account_id: true,
  user_id: true,
  phone_number: true,
  cost: true,
  is_refunded: true,
  created_at: true,
  sent_at: true,
  chat_pk: true,
  message_id: true,
  sender_chat_pk: true,
  code_hash: true,
  code_expires_at: true,
  attempts: true,
  delivery_status: true,
  delivery_updated_at: true,
  verification_status: true,
  verification_updated_at: true,
  code_entered: true,
  callback_url: true,
  payload: true,
  ttl: true,
});
const insertRequestRow = inserter<VerificationRequestRow>('gateway_requests', REQUEST_COLUMNS);
/** A request's columns as the port has them (without seq). */
const REQUEST = REQUEST_COLUMNS.join(', ');

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
/** A job is inserted with its request's seq, found by the request_id (a row the send just wrote). */
const INSERT_JOB = `INSERT INTO gateway_jobs
  (kind, request_seq, request_id, run_at, attempts, body, device_id, created_at)
  VALUES (?, ${SEQ_OF}, ?, ?, ?, ?, ?, ?)`;

const insertLedgerRow = inserter<Omit<LedgerRow, 'id'>>(
  'gateway_ledger',
  columnsOf<Omit<LedgerRow, 'id'>>({
    account_id: true,
    kind: true,
    amount: true,
    balance_after: true,
    request_id: true,
    created_at: true,
  }),
);

/** Entries kept per cache at most; past it that cache starts again. */
const CACHE_SIZE = 10_000;

function remember<K, V>(cache: Map<K, V>, key: K, value: V): V {
  if (cache.size >= CACHE_SIZE) cache.clear();
  cache.set(key, value);
  return value;
}

/** Copies, so that a caller changing an answer cannot change the cache. */
const copyAll = <T extends object>(rows: T[]): T[] => rows.map((row) => ({ ...row }));

export class SqliteGatewayStore implements GatewayStoreTx {
  /** Accounts by id, and the same objects by token_lookup (which never changes). */
  readonly #accounts = new Map<number, GatewayAccountRow>();
  readonly #accountsByLookup = new Map<string, GatewayAccountRow>();
  /** Price overrides by account id. */
  readonly #prices = new Map<number, GatewayPriceRow[]>();
  /** Devices by user id (only users that have some). */
  readonly #devices = new Map<number, DeviceRow[]>();

  constructor(private readonly sql: SqlStatements) {}

  /** Drops every cached row; called by SqliteStore on each rollback (of a savepoint or a batch). */
  forgetUncommitted(): void {
    this.#accounts.clear();
    this.#accountsByLookup.clear();
    this.#prices.clear();
    this.#devices.clear();
  }

  // ---- devices ----------------------------------------------------------------------------------

  async listDevices(userId: number) {
    let rows = this.#devices.get(userId);
    if (!rows) {
      rows = this.sql
        .all('SELECT * FROM devices WHERE user_id = ? ORDER BY id', userId)
        .map((r) => toDevice(r)!);
      // A user without devices is about to get the default one: not worth an entry.
      if (rows.length === 0) return rows;
      remember(this.#devices, userId, rows);
    }
    return copyAll(rows);
  }
  async getDevice(id: number) {
    return toDevice(this.sql.get('SELECT * FROM devices WHERE id = ?', id));
  }
  async insertDevice(row: Omit<DeviceRow, 'id'>) {
    this.#devices.delete(row.user_id);
    return Number(this.sql.insert('devices', row).lastInsertRowid);
  }
  async updateDevice(id: number, patch: Partial<Omit<DeviceRow, 'id' | 'user_id'>>) {
    // Rare (the control API): not worth finding the one entry.
    this.#devices.clear();
    this.sql.update('devices', 'id', id, patch);
  }

  // ---- accounts, prices, ledger -----------------------------------------------------------------

  async getAccount(id: number) {
    const row =
      this.#accounts.get(id) ??
      this.#rememberAccount(
        this.sql.get('SELECT * FROM gateway_accounts WHERE id = ?', id) as GatewayAccountRow | undefined,
      );
    return row && { ...row };
  }
  async getAccountByLookup(tokenLookup: string) {
    const row =
      this.#accountsByLookup.get(tokenLookup) ??
      this.#rememberAccount(
        this.sql.get('SELECT * FROM gateway_accounts WHERE token_lookup = ?', tokenLookup) as
          GatewayAccountRow | undefined,
      );
    return row && { ...row };
  }
  #rememberAccount(row: GatewayAccountRow | undefined): GatewayAccountRow | undefined {
    if (!row) return undefined;
    if (this.#accounts.size >= CACHE_SIZE) {
      this.#accounts.clear();
      this.#accountsByLookup.clear();
    }
    this.#accounts.set(row.id, row);
    this.#accountsByLookup.set(row.token_lookup, row);
    return row;
  }
  /** Keeps a cached account in step with a change just written. */
  #patchAccount(id: number, patch: Partial<GatewayAccountRow>): void {
    const row = this.#accounts.get(id);
    if (row) Object.assign(row, patch);
  }
  async insertAccount(row: Omit<GatewayAccountRow, 'id'>) {
    return Number(this.sql.insert('gateway_accounts', row).lastInsertRowid);
  }
  async debit(accountId: number, amount: number) {
    const row = this.sql.get(
      `UPDATE gateway_accounts SET balance = balance - ? WHERE id = ? AND balance >= ? RETURNING balance`,
      amount,
      accountId,
      amount,
    );
    if (!row) return undefined;
    this.#patchAccount(accountId, { balance: row.balance as number });
    return row.balance as number;
  }
  async credit(accountId: number, amount: number) {
    const row = this.sql.get(
      'UPDATE gateway_accounts SET balance = balance + ? WHERE id = ? RETURNING balance',
      amount,
      accountId,
    );
    if (!row) throw new Error(`gateway account ${accountId} does not exist`);
    this.#patchAccount(accountId, { balance: row.balance as number });
    return row.balance as number;
  }
  async setDefaultPrice(accountId: number, price: number) {
    this.sql.run('UPDATE gateway_accounts SET default_price = ? WHERE id = ?', price, accountId);
    this.#patchAccount(accountId, { default_price: price });
  }
  async listPrices(accountId: number) {
    const rows =
      this.#prices.get(accountId) ??
      remember(
        this.#prices,
        accountId,
        this.sql.all(
          'SELECT * FROM gateway_prices WHERE account_id = ? ORDER BY prefix',
          accountId,
        ) as unknown as GatewayPriceRow[],
      );
    return copyAll(rows);
  }
  async setPrice(accountId: number, prefix: string, price: number | null) {
    this.#prices.delete(accountId);
    if (price === null) {
      this.sql.run('DELETE FROM gateway_prices WHERE account_id = ? AND prefix = ?', accountId, prefix);
      return;
    }
    this.sql.run(
      `INSERT INTO gateway_prices (account_id, prefix, price) VALUES (?, ?, ?)
       ON CONFLICT (account_id, prefix) DO UPDATE SET price = excluded.price`,
      accountId,
      prefix,
      price,
    );
  }
  async insertLedger(row: Omit<LedgerRow, 'id'>) {
    insertLedgerRow(this.sql, row);
  }
  async listLedger(accountId: number, limit: number) {
    const rows = this.sql.all(
      `SELECT * FROM gateway_ledger WHERE account_id = ? ORDER BY id DESC LIMIT ${LIMIT}`,
      accountId,
      limit,
    ) as unknown as LedgerRow[];
    return rows.reverse();
  }

  // ---- verification requests --------------------------------------------------------------------

  async getRequest(requestId: string) {
    return toRequest(this.sql.get(`SELECT ${REQUEST} FROM gateway_requests WHERE request_id = ?`, requestId));
  }
  async listSentRequests(userId: number, limit: number) {
    const rows = this.sql.all(
      `SELECT ${REQUEST} FROM gateway_requests WHERE user_id = ? AND sent_at IS NOT NULL
       ORDER BY sent_at DESC, seq DESC LIMIT ${LIMIT}`,
      userId,
      limit,
    );
    return rows.map((r) => toRequest(r)!).reverse();
  }
  async listUndeliveredRequests(userId: number) {
    return this.sql
      .all(
        `SELECT ${REQUEST} FROM gateway_requests WHERE user_id = ? AND delivery_status = 'sent' ORDER BY seq`,
        userId,
      )
      .map((r) => toRequest(r)!);
  }
  async insertRequest(row: VerificationRequestRow) {
    insertRequestRow(this.sql, row);
  }
  async updateRequest(requestId: string, patch: Partial<Omit<VerificationRequestRow, 'request_id'>>) {
    this.sql.update('gateway_requests', 'request_id', requestId, patch);
  }

  // ---- jobs and the delivery log ----------------------------------------------------------------

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
      requestId,
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
      requestId,
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
  async insertDeliveryLog(row: Omit<DeliveryLogRow, 'id'>) {
    Number(this.sql.insert('gateway_delivery_log', row).lastInsertRowid);
  }
  async listDeliveryLog(filter: { accountId?: number; requestId?: string; limit: number }) {
    const rows = this.sql.all(
      `SELECT * FROM gateway_delivery_log WHERE (? IS NULL OR account_id = ?) AND (? IS NULL OR request_id = ?)
       ORDER BY id DESC LIMIT ${LIMIT}`,
      filter.accountId ?? null,
      filter.accountId ?? null,
      filter.requestId ?? null,
      filter.requestId ?? null,
      filter.limit,
    ) as unknown as DeliveryLogRow[];
    return rows.reverse();
  }

  // ---- sender channels and messages -------------------------------------------------------------

  async getChannelVerifiedAt(chatPk: number) {
    return this.sql.get('SELECT verified_at FROM gateway_channels WHERE chat_pk = ?', chatPk)?.verified_at as
      number | undefined;
  }
  async setChannelVerified(chatPk: number, verifiedAt: number | null) {
    if (verifiedAt === null) {
      this.sql.run('DELETE FROM gateway_channels WHERE chat_pk = ?', chatPk);
      return;
    }
    this.sql.run(
      `INSERT INTO gateway_channels (chat_pk, verified_at) VALUES (?, ?)
       ON CONFLICT (chat_pk) DO UPDATE SET verified_at = excluded.verified_at`,
      chatPk,
      verifiedAt,
    );
  }
  async deleteMessage(chatPk: number, messageId: number) {
    this.sql.run('DELETE FROM messages WHERE chat_pk = ? AND message_id = ?', chatPk, messageId);
  }
}
