/**
 * Gateway accounts, price overrides and the ledger on PostgreSQL (ports/gateway/accounts.ts). No
 * caches: several processes share the database, and `debit` alone decides whether a send is paid.
 */
import type { PgSql } from '../pg-sql.js';
import { GATEWAY_ACCOUNTS_SQL as SQL } from '../../sql/gateway.js';
import type {
  AccountsReader,
  AccountsWriter,
  GatewayAccountRow,
  GatewayPriceRow,
  LedgerRow,
} from '../../ports/gateway/accounts.js';

export class PgAccounts implements AccountsReader, AccountsWriter {
  constructor(private readonly sql: PgSql) {}

  async getAccount(id: number) {
    return (await this.sql.get(SQL.getAccount, id)) as GatewayAccountRow | undefined;
  }
  async listAccountIds(limit: number) {
    return (await this.sql.all(SQL.listAccountIds, limit)).map((row) => Number(row.id));
  }
  async getAccountByLookup(tokenLookup: string) {
    return (await this.sql.get(SQL.getAccountByLookup, tokenLookup)) as GatewayAccountRow | undefined;
  }
  async insertAccount(row: Omit<GatewayAccountRow, 'id'>) {
    return (await this.sql.insert('gateway_accounts', row, 'id'))!;
  }
  async debit(accountId: number, amount: number) {
    const row = await this.sql.get(SQL.debit, amount, accountId, amount);
    return row?.balance as number | undefined;
  }
  async credit(accountId: number, amount: number) {
    const row = await this.sql.get(SQL.credit, amount, accountId);
    if (!row) throw new Error(`gateway account ${accountId} does not exist`);
    return row.balance as number;
  }
  async setDefaultPrice(accountId: number, price: number) {
    await this.sql.run(SQL.setDefaultPrice, price, accountId);
  }
  async listPrices(accountId: number) {
    return (await this.sql.all(SQL.listPrices, accountId)) as unknown as GatewayPriceRow[];
  }
  async setPrice(accountId: number, prefix: string, price: number | null) {
    if (price === null) {
      await this.sql.run(SQL.deletePrice, accountId, prefix);
      return;
    }
    await this.sql.run(SQL.setPrice, accountId, prefix, price);
  }
  async insertLedger(row: Omit<LedgerRow, 'id'>) {
    // Answers nothing: in a write, it goes with the write's next statement.
    await this.sql.insertLater('gateway_ledger', row);
  }
  async listLedger(accountId: number, limit: number) {
    const rows = (await this.sql.all(SQL.listLedger, accountId, limit)) as unknown as LedgerRow[];
    return rows.reverse();
  }
}
