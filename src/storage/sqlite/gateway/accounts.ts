/** Gateway accounts, price overrides and the ledger on SQLite (ports/gateway/accounts.ts), cached (ADR 0015). */
import { CACHE_SIZE, columnsOf, copyAll, inserter, remember } from './row-helpers.js';
import { type SqlStatements } from '../sql-statements.js';
import { GATEWAY_ACCOUNTS_SQL as SQL } from '../../sql/gateway.js';
import type {
  AccountsReader,
  AccountsWriter,
  GatewayAccountRow,
  GatewayPriceRow,
  LedgerRow,
} from '../../ports/gateway/accounts.js';
import type { CachedArea } from '../../ports/events.js';

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

export class SqliteAccounts implements AccountsReader, AccountsWriter {
  /** Accounts by id, and the same objects by token_lookup (which never changes). */
  readonly #accounts = new Map<number, GatewayAccountRow>();
  readonly #accountsByLookup = new Map<string, GatewayAccountRow>();
  /** Price overrides by account id. */
  readonly #prices = new Map<number, GatewayPriceRow[]>();

  constructor(private readonly sql: SqlStatements) {}

  /** Drops a cached account and its prices, changed elsewhere (the event port's `rows.changed`). */
  forgetCached(area: CachedArea, id: number): void {
    if (area !== 'gateway_account') return;
    const row = this.#accounts.get(id);
    if (row) this.#accountsByLookup.delete(row.token_lookup);
    this.#accounts.delete(id);
    this.#prices.delete(id);
  }

  /** Drops every cached row; called on each rollback (of a savepoint or a batch). */
  forgetUncommitted(): void {
    this.#accounts.clear();
    this.#accountsByLookup.clear();
    this.#prices.clear();
  }

  async getAccount(id: number) {
    const row =
      this.#accounts.get(id) ??
      this.#rememberAccount(this.sql.get(SQL.getAccount, id) as GatewayAccountRow | undefined);
    return row && { ...row };
  }
  async listAccountIds(limit: number) {
    return this.sql.all(SQL.listAccountIds, limit).map((row) => Number(row.id));
  }
  async getAccountByLookup(tokenLookup: string) {
    const row =
      this.#accountsByLookup.get(tokenLookup) ??
      this.#rememberAccount(
        this.sql.get(SQL.getAccountByLookup, tokenLookup) as GatewayAccountRow | undefined,
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
    const row = this.sql.get(SQL.debit, amount, accountId, amount);
    if (!row) return undefined;
    this.#patchAccount(accountId, { balance: row.balance as number });
    return row.balance as number;
  }
  async credit(accountId: number, amount: number) {
    const row = this.sql.get(SQL.credit, amount, accountId);
    if (!row) throw new Error(`gateway account ${accountId} does not exist`);
    this.#patchAccount(accountId, { balance: row.balance as number });
    return row.balance as number;
  }
  async setDefaultPrice(accountId: number, price: number) {
    this.sql.run(SQL.setDefaultPrice, price, accountId);
    this.#patchAccount(accountId, { default_price: price });
  }
  async listPrices(accountId: number) {
    const rows =
      this.#prices.get(accountId) ??
      remember(
        this.#prices,
        accountId,
        this.sql.all(SQL.listPrices, accountId) as unknown as GatewayPriceRow[],
      );
    return copyAll(rows);
  }
  async setPrice(accountId: number, prefix: string, price: number | null) {
    this.#prices.delete(accountId);
    if (price === null) {
      this.sql.run(SQL.deletePrice, accountId, prefix);
      return;
    }
    this.sql.run(SQL.setPrice, accountId, prefix, price);
  }
  async insertLedger(row: Omit<LedgerRow, 'id'>) {
    insertLedgerRow(this.sql, row);
  }
  async listLedger(accountId: number, limit: number) {
    const rows = this.sql.all(SQL.listLedger, accountId, limit) as unknown as LedgerRow[];
    return rows.reverse();
  }
}
