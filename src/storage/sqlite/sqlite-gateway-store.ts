/**
 * The SQLite adapter of the gateway sub-port. It is built by SqliteStore on the same connection, so
 * that its writes run inside the SAVEPOINT of the `store.write` batch they are called from.
 */
import type { Row, SqlStatements } from './sql-statements.js';
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

/** Report jobs wait while an earlier report of their request is pending (per-request order). */
const REPORT_IS_HEAD = `NOT EXISTS (SELECT 1 FROM gateway_jobs e WHERE e.kind = 'report'
  AND e.request_id = j.request_id AND e.id < j.id)`;

const LANE: Record<JobLane, string> = {
  report: `j.kind = 'report' AND ${REPORT_IS_HEAD}`,
  timed: `j.kind <> 'report'`,
};

export class SqliteGatewayStore implements GatewayStoreTx {
  constructor(private readonly sql: SqlStatements) {}

  // ---- devices ----------------------------------------------------------------------------------

  async listDevices(userId: number) {
    return this.sql
      .all('SELECT * FROM devices WHERE user_id = ? ORDER BY id', userId)
      .map((r) => toDevice(r)!);
  }
  async getDevice(id: number) {
    return toDevice(this.sql.get('SELECT * FROM devices WHERE id = ?', id));
  }
  async insertDevice(row: Omit<DeviceRow, 'id'>) {
    return Number(this.sql.insert('devices', row).lastInsertRowid);
  }
  async updateDevice(id: number, patch: Partial<Omit<DeviceRow, 'id' | 'user_id'>>) {
    this.sql.update('devices', 'id', id, patch);
  }

  // ---- accounts, prices, ledger -----------------------------------------------------------------

  async getAccount(id: number) {
    return this.sql.get('SELECT * FROM gateway_accounts WHERE id = ?', id) as GatewayAccountRow | undefined;
  }
  async getAccountByLookup(tokenLookup: string) {
    return this.sql.get('SELECT * FROM gateway_accounts WHERE token_lookup = ?', tokenLookup) as
      GatewayAccountRow | undefined;
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
    return row?.balance as number | undefined;
  }
  async credit(accountId: number, amount: number) {
    const row = this.sql.get(
      'UPDATE gateway_accounts SET balance = balance + ? WHERE id = ? RETURNING balance',
      amount,
      accountId,
    );
    if (!row) throw new Error(`gateway account ${accountId} does not exist`);
    return row.balance as number;
  }
  async setDefaultPrice(accountId: number, price: number) {
    this.sql.run('UPDATE gateway_accounts SET default_price = ? WHERE id = ?', price, accountId);
  }
  async listPrices(accountId: number) {
    return this.sql.all(
      'SELECT * FROM gateway_prices WHERE account_id = ? ORDER BY prefix',
      accountId,
    ) as unknown as GatewayPriceRow[];
  }
  async setPrice(accountId: number, prefix: string, price: number | null) {
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
    Number(this.sql.insert('gateway_ledger', row).lastInsertRowid);
  }
  async listLedger(accountId: number, limit: number) {
    const rows = this.sql.all(
      'SELECT * FROM gateway_ledger WHERE account_id = ? ORDER BY id DESC LIMIT ?',
      accountId,
      limit,
    ) as unknown as LedgerRow[];
    return rows.reverse();
  }

  // ---- verification requests --------------------------------------------------------------------

  async getRequest(requestId: string) {
    return toRequest(this.sql.get('SELECT * FROM gateway_requests WHERE request_id = ?', requestId));
  }
  async listSentRequests(userId: number, limit: number) {
    const rows = this.sql.all(
      `SELECT * FROM gateway_requests WHERE user_id = ? AND sent_at IS NOT NULL
       ORDER BY sent_at DESC, rowid DESC LIMIT ?`,
      userId,
      limit,
    );
    return rows.map((r) => toRequest(r)!).reverse();
  }
  async listUndeliveredRequests(userId: number) {
    return this.sql
      .all(
        "SELECT * FROM gateway_requests WHERE user_id = ? AND delivery_status = 'sent' ORDER BY rowid",
        userId,
      )
      .map((r) => toRequest(r)!);
  }
  async insertRequest(row: VerificationRequestRow) {
    Number(this.sql.insert('gateway_requests', row).lastInsertRowid);
  }
  async updateRequest(requestId: string, patch: Partial<Omit<VerificationRequestRow, 'request_id'>>) {
    this.sql.update('gateway_requests', 'request_id', requestId, patch);
  }

  // ---- jobs and the delivery log ----------------------------------------------------------------

  async listDueJobs(lane: JobLane, nowMs: number, limit: number) {
    return this.sql.all(
      `SELECT * FROM gateway_jobs j WHERE j.run_at <= ? AND ${LANE[lane]} ORDER BY j.run_at, j.id LIMIT ?`,
      nowMs,
      limit,
    ) as unknown as GatewayJobRow[];
  }
  async nextJobAt(lane: JobLane) {
    const row = this.sql.get(`SELECT min(j.run_at) AS t FROM gateway_jobs j WHERE ${LANE[lane]}`);
    return (row?.t as number | null) ?? undefined;
  }
  async getJob(id: number) {
    return this.sql.get('SELECT * FROM gateway_jobs WHERE id = ?', id) as GatewayJobRow | undefined;
  }
  async listJobs(requestId: string) {
    return this.sql.all(
      'SELECT * FROM gateway_jobs WHERE request_id = ? ORDER BY id',
      requestId,
    ) as unknown as GatewayJobRow[];
  }
  async listPendingReports(filter: { accountId?: number; requestId?: string }) {
    return this.sql.all(
      `SELECT j.* FROM gateway_jobs j JOIN gateway_requests r ON r.request_id = j.request_id
       WHERE j.kind = 'report' AND (? IS NULL OR r.account_id = ?) AND (? IS NULL OR j.request_id = ?)
       ORDER BY j.id`,
      filter.accountId ?? null,
      filter.accountId ?? null,
      filter.requestId ?? null,
      filter.requestId ?? null,
    ) as unknown as GatewayJobRow[];
  }
  async insertJob(row: Omit<GatewayJobRow, 'id'>) {
    return Number(this.sql.insert('gateway_jobs', row).lastInsertRowid);
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
       ORDER BY id DESC LIMIT ?`,
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
