/**
 * Gateway accounts, their price overrides and their ledger (tables `gateway_accounts`,
 * `gateway_prices`, `gateway_ledger`). Money columns are integer units (1 credit = 1 000 000 units);
 * see platform/gateway/money.ts.
 *
 * Contract:
 * - `debit` is one atomic conditional statement: it takes the amount only if the balance covers it,
 *   so concurrent debits (from any number of writers or nodes) never take a balance below zero and
 *   never lose one another. `credit` is atomic likewise. Both answer the balance they left.
 * - The ledger entry of a balance change is written in the same write as the change.
 * - Accounts (by id and by token lookup) and price overrides may come from an adapter's cache; the
 *   cached balance is kept in step by `debit`/`credit`, and a rollback drops the entries. With several
 *   processes, a cached balance is advisory: only `debit` decides whether a send is paid.
 */

export interface GatewayAccountRow {
  id: number;
  owner_user_id: number;
  /** HMAC-SHA-256(server key, token), hex: finds the account from a token (ADR 0010). */
  token_lookup: string;
  /** SHA-256(token), the 32-byte key of delivery report signatures (spec §6). */
  signing_key: Buffer;
  balance: number;
  default_price: number;
  created_at: number;
}

export interface GatewayPriceRow {
  account_id: number;
  /** Leading digits of the E.164 number (a country calling code, or a longer prefix). */
  prefix: string;
  price: number;
}

export type LedgerKind = 'top_up' | 'charge' | 'refund';

export interface LedgerRow {
  id: number;
  account_id: number;
  kind: LedgerKind;
  /** Signed: negative for a charge. */
  amount: number;
  balance_after: number;
  request_id: string | null;
  created_at: number;
}

export interface AccountsReader {
  getAccount(id: number): Promise<GatewayAccountRow | undefined>;
  getAccountByLookup(tokenLookup: string): Promise<GatewayAccountRow | undefined>;
  /** The ids of the first `limit` accounts, in id order (the operator's inspector); not cached. */
  listAccountIds(limit: number): Promise<number[]>;
  listPrices(accountId: number): Promise<GatewayPriceRow[]>;
  /** The newest `limit` ledger entries, oldest first. */
  listLedger(accountId: number, limit: number): Promise<LedgerRow[]>;
}

export interface AccountsWriter {
  insertAccount(row: Omit<GatewayAccountRow, 'id'>): Promise<number>;
  /**
   * Takes `amount` from the balance only if the balance covers it, in one statement. Returns the new
   * balance, or undefined (nothing changed) when it does not.
   */
  debit(accountId: number, amount: number): Promise<number | undefined>;
  /** Adds `amount` and returns the new balance. */
  credit(accountId: number, amount: number): Promise<number>;
  setDefaultPrice(accountId: number, price: number): Promise<void>;
  /** Sets a prefix's price, or removes the override with null. */
  setPrice(accountId: number, prefix: string, price: number | null): Promise<void>;
  insertLedger(row: Omit<LedgerRow, 'id'>): Promise<void>;
}
