/**
 * Gateway accounts, price overrides and the ledger on PostgreSQL (ports/gateway/accounts.ts). No
 * caches: several processes share the database, and `debit` alone decides whether a send is paid.
 */
import type { PgSql } from '../pg-sql.js';
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
    return (await this.sql.get('SELECT * FROM gateway_accounts WHERE id = ?', id)) as
      GatewayAccountRow | undefined;
  }
  async listAccountIds(limit: number) {
    return (await this.sql.all('SELECT id FROM gateway_accounts ORDER BY id LIMIT ?', limit)).map((row) =>
      Number(row.id),
    );
  }
  async getAccountByLookup(tokenLookup: string) {
    return (await this.sql.get('SELECT * FROM gateway_accounts WHERE token_lookup = ?', tokenLookup)) as
      GatewayAccountRow | undefined;
  }
  async insertAccount(row: Omit<GatewayAccountRow, 'id'>) {
    return (await this.sql.insert('gateway_accounts', row, 'id'))!;
  }
  async debit(accountId: number, amount: number) {
    const row = await this.sql.get(
      'UPDATE gateway_accounts SET balance = balance - ? WHERE id = ? AND balance >= ? RETURNING balance',
      amount,
      accountId,
      amount,
    );
    return row?.balance as number | undefined;
  }
  async credit(accountId: number, amount: number) {
    const row = await this.sql.get(
      'UPDATE gateway_accounts SET balance = balance + ? WHERE id = ? RETURNING balance',
      amount,
      accountId,
    );
    if (!row) throw new Error(`gateway account ${accountId} does not exist`);
    return row.balance as number;
  }
  async setDefaultPrice(accountId: number, price: number) {
    await this.sql.run('UPDATE gateway_accounts SET default_price = ? WHERE id = ?', price, accountId);
  }
  async listPrices(accountId: number) {
    return (await this.sql.all(
      'SELECT * FROM gateway_prices WHERE account_id = ? ORDER BY prefix',
      accountId,
    )) as unknown as GatewayPriceRow[];
  }
  async setPrice(accountId: number, prefix: string, price: number | null) {
    if (price === null) {
      await this.sql.run('DELETE FROM gateway_prices WHERE account_id = ? AND prefix = ?', accountId, prefix);
      return;
    }
    await this.sql.run(
      `INSERT INTO gateway_prices (account_id, prefix, price) VALUES (?, ?, ?)
       ON CONFLICT (account_id, prefix) DO UPDATE SET price = excluded.price`,
      accountId,
      prefix,
      price,
    );
  }
  async insertLedger(row: Omit<LedgerRow, 'id'>) {
    await this.sql.insert('gateway_ledger', row);
  }
  async listLedger(accountId: number, limit: number) {
    const rows = (await this.sql.all(
      'SELECT * FROM gateway_ledger WHERE account_id = ? ORDER BY id DESC LIMIT ?',
      accountId,
      limit,
    )) as unknown as LedgerRow[];
    return rows.reverse();
  }
}
