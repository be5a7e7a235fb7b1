/**
 * The Stars ledger (tables `star_balances`, `star_transactions`; SQLite 013, PostgreSQL 003).
 * People and bots each have one balance, keyed by their user id. ADR 0043.
 *
 * Contract:
 * - Amounts are integers of nanostars (1 Star = 1 000 000 000 nanostars), never floats.
 * - `debitStars` takes the amount only when the balance covers it, in one conditional statement:
 *   however many debits race (in one process or several), a balance never goes below zero. It
 *   answers undefined and changes nothing when the balance is short.
 * - `creditStars` adds to a balance (creating it at zero first).
 * - A movement's ledger rows are written in the same write as its balance changes (the platform's
 *   StarsLedger does both); a rolled-back write leaves neither.
 * - One ledger row per (owner, transaction id, direction): a second row for the same triple is a
 *   UniqueViolation, so a charge is recorded once and its refund once.
 * - Reads list an owner's rows in the order they were written (chronological).
 */

export type StarDirection = 'in' | 'out';

export interface StarTransactionRow {
  /** Write order. */
  pk: number;
  /** The user or bot whose ledger this row is in. */
  owner_id: number;
  /** The transaction id (StarTransaction.id): a payment's charge id; its refund shares it. */
  id: string;
  /** Incoming (source) or outgoing (receiver). */
  direction: StarDirection;
  /** Nanostars moved, at least 0. */
  nanos: number;
  /**
   * JSON: the other party as the platform stores it (TransactionPartner with user and chat ids
   * instead of objects, rendered when read), e.g. `{"type":"user","user_id":5,
   * "transaction_type":"invoice_payment","invoice_payload":"p"}`.
   */
  partner: string;
  /** Unix seconds (virtual clock). */
  date: number;
}

export interface StarsReader {
  /** The owner's balance in nanostars; 0 for an owner who never had Stars. */
  getStarBalance(ownerId: number): Promise<number>;
  /** The owner's ledger rows in write order, `offset` rows skipped, at most `limit`. */
  listStarTransactions(ownerId: number, offset: number, limit: number): Promise<StarTransactionRow[]>;
  getStarTransaction(
    ownerId: number,
    id: string,
    direction: StarDirection,
  ): Promise<StarTransactionRow | undefined>;
}

export interface StarsWriter {
  /** Adds `nanos` (> 0) to the balance; answers the new balance. */
  creditStars(ownerId: number, nanos: number): Promise<number>;
  /** Takes `nanos` (> 0) when the balance covers it; answers the new balance, or undefined. */
  debitStars(ownerId: number, nanos: number): Promise<number | undefined>;
  /** Records a ledger row (UniqueViolation for a second (owner, id, direction)). */
  insertStarTransaction(row: Omit<StarTransactionRow, 'pk'>): Promise<void>;
}
