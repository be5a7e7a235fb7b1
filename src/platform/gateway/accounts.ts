/**
 * Gateway accounts: an owner (a person with a phone number), an access token shown once, a balance
 * in units, a price plan (a default price per message, overridden per country calling code) and a
 * ledger of every top-up, charge and refund (ADR 0012).
 *
 * Tokens (ADR 0010): the account is found by HMAC(server key, token), compared in constant time; the
 * token's SHA-256, which delivery reports are signed with, is kept separately; the token is not kept.
 */
import { hash, timingSafeEqual } from 'node:crypto';
import { GatewayError } from './gateway-error.js';
import { DEFAULT_PRICE_UNITS, toCredits } from './money.js';
import { isPrefix, matchPrefix } from './phone.js';
import { signingKeyOf } from './report-signature.js';
import type { ServerKey } from './server-key.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Users } from '../users/users.js';
import type { GatewayAccountRow, GatewayStore, LedgerRow } from '../../storage/gateway-store.js';
import type { GatewayTx } from '../core/store-ports.js';

/** Tokens look like the reference's: 46 URL-safe characters starting with "AA" (reference §1.2). */
const TOKEN_LENGTH = 44;
/** Token lookups remembered at most; past it the memo starts again. */
const MAX_REMEMBERED_LOOKUPS = 10_000;

export interface AccountView {
  id: number;
  owner: { user_id: number; phone_number: string };
  /** Credits. */
  balance: number;
  default_price: number;
  /** Price overrides by prefix (country calling code), in credits. */
  prices: Record<string, number>;
  created_at: number;
}

export interface CreatedAccount extends AccountView {
  /** Shown only here, once. */
  access_token: string;
}

export interface LedgerEntry {
  id: number;
  kind: LedgerRow['kind'];
  /** Credits; negative for a charge. */
  amount: number;
  balance_after: number;
  request_id?: string;
  created_at: number;
}

export interface PriceChanges {
  /** Units. */
  default_price?: number | undefined;
  /** Prefix -> units, or null to remove the override. */
  prices?: Record<string, number | null> | undefined;
}

export class Accounts {
  /**
   * The lookup (HMAC) of each token that found an account, by the token's SHA-256: a call with a
   * known token costs a plain hash instead of an HMAC (ADR 0015). A lookup never changes (nor does
   * the server key), so nothing is ever stale; the token itself is not kept.
   */
  readonly #lookups = new Map<string, string>();

  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly key: ServerKey,
  ) {}

  async create(input: { owner: string; balance?: number; default_price?: number }): Promise<CreatedAccount> {
    const owner = await this.users.resolve(input.owner, 'user');
    if (!owner.phone_number)
      throw new GatewayError('PHONE_NUMBER_NOT_FOUND', 'the owner has no phone number');
    const token = `AA${this.deps.random.token(TOKEN_LENGTH)}`;
    const lookup = await this.key.hmac('token', token);
    const now = this.deps.clock.now();
    const id = await this.deps.store.write(async (tx) => {
      const accountId = await tx.gateway.insertAccount({
        owner_user_id: owner.id,
        token_lookup: lookup,
        signing_key: signingKeyOf(token),
        balance: 0,
        default_price: input.default_price ?? DEFAULT_PRICE_UNITS,
        created_at: now,
      });
      if (input.balance) await this.#topUp(tx, accountId, input.balance);
      return accountId;
    });
    return { ...(await this.view(id)), access_token: token };
  }

  /** The account of a token, or undefined. */
  async authenticate(token: string): Promise<GatewayAccountRow | undefined> {
    const digest = hash('sha256', token, 'base64');
    const lookup = this.#lookups.get(digest) ?? (await this.key.hmac('token', token));
    const account = await this.deps.store.gateway.getAccountByLookup(lookup);
    // The index found it by equality; compare again in constant time so no timing tells a near miss.
    if (!account || !timingSafeEqual(Buffer.from(account.token_lookup, 'hex'), Buffer.from(lookup, 'hex'))) {
      return undefined;
    }
    if (this.#lookups.size >= MAX_REMEMBERED_LOOKUPS) this.#lookups.clear();
    this.#lookups.set(digest, lookup);
    return account;
  }

  async require(reader: GatewayStore, id: number): Promise<GatewayAccountRow> {
    const account = await reader.getAccount(id);
    if (!account) throw new GatewayError('GATEWAY_ACCOUNT_NOT_FOUND', `no gateway account ${id}`);
    return account;
  }

  async view(id: number): Promise<AccountView> {
    const { store } = this.deps;
    const account = await this.require(store.gateway, id);
    const owner = await store.getUser(account.owner_user_id);
    const prices: Record<string, number> = {};
    for (const row of await store.gateway.listPrices(id)) prices[row.prefix] = toCredits(row.price);
    return {
      id,
      owner: { user_id: account.owner_user_id, phone_number: owner?.phone_number ?? '' },
      balance: toCredits(account.balance),
      default_price: toCredits(account.default_price),
      prices,
      created_at: account.created_at,
    };
  }

  async topUp(id: number, units: number): Promise<AccountView> {
    if (!(units > 0)) throw new GatewayError('CREDITS_INVALID', 'a top-up must be more than 0 credits');
    await this.deps.store.write(async (tx) => {
      await this.require(tx.gateway, id);
      await this.#topUp(tx, id, units);
    });
    return this.view(id);
  }

  async #topUp(tx: GatewayTx, id: number, units: number): Promise<void> {
    const balance = await tx.gateway.credit(id, units);
    await this.#ledger(tx, id, 'top_up', units, balance, null);
  }

  async setPrices(id: number, changes: PriceChanges): Promise<AccountView> {
    for (const prefix of Object.keys(changes.prices ?? {})) {
      if (!isPrefix(prefix)) {
        throw new GatewayError(
          'PRICE_PREFIX_INVALID',
          `"${prefix}" is not a country calling code (1-6 digits)`,
        );
      }
    }
    await this.deps.store.write(async (tx) => {
      await this.require(tx.gateway, id);
      if (changes.default_price !== undefined) await tx.gateway.setDefaultPrice(id, changes.default_price);
      for (const [prefix, price] of Object.entries(changes.prices ?? {})) {
        await tx.gateway.setPrice(id, prefix, price);
      }
    });
    return this.view(id);
  }

  async ledger(id: number, limit: number): Promise<LedgerEntry[]> {
    await this.require(this.deps.store.gateway, id);
    return (await this.deps.store.gateway.listLedger(id, limit)).map((row) => {
      const entry: LedgerEntry = {
        id: row.id,
        kind: row.kind,
        amount: toCredits(row.amount),
        balance_after: toCredits(row.balance_after),
        created_at: row.created_at,
      };
      if (row.request_id !== null) entry.request_id = row.request_id;
      return entry;
    });
  }

  /** The price of one message to `phone` (units): the longest matching override, else the default. */
  async priceFor(reader: GatewayStore, account: GatewayAccountRow, phone: string): Promise<number> {
    const override = matchPrefix(phone, await reader.listPrices(account.id));
    return override?.price ?? account.default_price;
  }

  /**
   * Takes `units` in the caller's transaction, where the request that costs them is written too; the
   * balance check and the debit are one statement, so concurrent charges cannot overdraw.
   */
  async charge(tx: GatewayTx, accountId: number, units: number, requestId: string): Promise<number> {
    const balance = await tx.gateway.debit(accountId, units);
    if (balance === undefined) throw new GatewayError('BALANCE_NOT_ENOUGH', 'the balance is too low');
    await this.#ledger(tx, accountId, 'charge', -units, balance, requestId);
    return balance;
  }

  async refund(tx: GatewayTx, accountId: number, units: number, requestId: string): Promise<void> {
    const balance = await tx.gateway.credit(accountId, units);
    await this.#ledger(tx, accountId, 'refund', units, balance, requestId);
  }

  async #ledger(
    tx: GatewayTx,
    accountId: number,
    kind: LedgerRow['kind'],
    amount: number,
    balance: number,
    requestId: string | null,
  ): Promise<void> {
    await tx.gateway.insertLedger({
      account_id: accountId,
      kind,
      amount,
      balance_after: balance,
      request_id: requestId,
      created_at: this.deps.clock.now(),
    });
  }
}
