/**
 * The Stars ledger of people and bots (ports/stars.ts; ADR 0043). Every movement of Stars goes
 * through here, inside the caller's write: the balances change and the ledger rows are written in
 * the same transaction, so that neither exists without the other.
 *
 * Invariants:
 * - Amounts are integers of nanostars (1 Star = 10^9); the wire shows StarAmount (amount plus
 *   nanostar_amount). A balance never goes below zero: a debit is one conditional update that
 *   takes the amount only when the balance covers it (also when payments race).
 * - A transfer writes two rows with one transaction id: the payer's outgoing row (its `receiver`)
 *   and the receiver's incoming row (its `source`). The id is recorded once per owner and
 *   direction, so a charge cannot be recorded twice, nor its refund.
 * - A balance is at most MAX_BALANCE_STARS, so that every amount stays exact as a JS number.
 */
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Chats } from '../chats/chats.js';
import { renderUser, type Users } from '../users/users.js';
import type { StarDirection, StarTransactionRow } from '../../storage/store.js';
import type {
  StarTransaction,
  TransactionPartner,
  TransactionPartnerChat,
  TransactionPartnerUser,
} from '../../wire/bot-api-types.js';
import type { StarsReader, StarsWriter } from '../../storage/ports/stars.js';
import type { UsersReader } from '../../storage/ports/users.js';
import type { ChatsReader } from '../../storage/ports/chats.js';

export const NANOS_PER_STAR = 1_000_000_000;
/** The largest balance (9 000 000 Stars in nanostars is below 2^53). */
export const MAX_BALANCE_STARS = 9_000_000;
/** The most Stars one grant gives a person (control API). */
export const MAX_GRANT_STARS = 1_000_000;

/** StarAmount (spec §2): whole Stars and, when not zero, the nanostar part. */
export interface StarAmount {
  amount: number;
  nanostar_amount?: number;
}

/**
 * The other party of a ledger row as stored: a TransactionPartner (spec) whose user and chat are
 * named by id (`user_id`, `chat_id`) and rendered when the row is read. Other fields are shown as
 * they are (transaction_type, invoice_payload, subscription_period, paid_media_payload, gift ...).
 */
export type StoredPartner =
  | (Omit<TransactionPartnerUser, 'user'> & { user_id: number })
  | (Omit<TransactionPartnerChat, 'chat'> & { chat_id: number })
  | Exclude<TransactionPartner, TransactionPartnerUser | TransactionPartnerChat>;

/** One side of a movement: whose balance, and how its ledger row names the other party. */
export interface LedgerSide {
  ownerId: number;
  /** The other party as this owner's row shows it (the receiver of an outgoing row, or the source). */
  partner: StoredPartner;
}

export interface Transfer {
  /** The transaction id both rows carry (a payment's telegram_payment_charge_id). */
  id: string;
  from: LedgerSide;
  to: LedgerSide;
  nanos: number;
}

export function starsToNanos(stars: number): number {
  return stars * NANOS_PER_STAR;
}

/** A balance or an amount in nanostars as StarAmount. */
export function starAmount(nanos: number): StarAmount {
  const sign = nanos < 0 ? -1 : 1;
  const whole = Math.floor(Math.abs(nanos) / NANOS_PER_STAR);
  const part = Math.abs(nanos) % NANOS_PER_STAR;
  const amount: StarAmount = { amount: sign * whole };
  if (part !== 0) amount.nanostar_amount = sign * part;
  return amount;
}

export class StarsLedger {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly chats: Chats,
  ) {}

  /** The balance of a user or bot in nanostars (0 for one who never had Stars). */
  async balanceOf(ownerId: number, reader: StarsReader = this.deps.store): Promise<number> {
    return reader.getStarBalance(ownerId);
  }

  /**
   * Moves Stars from one balance to another inside `tx`, with both ledger rows. Answers false and
   * changes nothing when the payer's balance does not cover the amount. A transfer of 0 writes the
   * rows only.
   */
  async transfer(tx: StarsReader & StarsWriter, transfer: Transfer): Promise<boolean> {
    const { id, from, to, nanos } = transfer;
    checkNanos(nanos);
    if (nanos > 0 && (await tx.debitStars(from.ownerId, nanos)) === undefined) return false;
    await this.#creditChecked(tx, to.ownerId, nanos);
    const date = this.deps.clock.now();
    await this.#row(tx, from.ownerId, id, 'out', nanos, from.partner, date);
    await this.#row(tx, to.ownerId, id, 'in', nanos, to.partner, date);
    return true;
  }

  /** Stars that come from outside the ledger (a grant, a conversion): one incoming row. */
  async credit(
    tx: StarsReader & StarsWriter,
    side: LedgerSide & { id: string; nanos: number },
  ): Promise<number> {
    checkNanos(side.nanos);
    const balance = await this.#creditChecked(tx, side.ownerId, side.nanos);
    await this.#row(tx, side.ownerId, side.id, 'in', side.nanos, side.partner, this.deps.clock.now());
    return balance;
  }

  /**
   * Stars that leave the ledger (a fee, a purchase from the platform): one outgoing row. Answers the
   * new balance, or undefined (nothing changed) when the balance does not cover the amount.
   */
  async debit(
    tx: StarsReader & StarsWriter,
    side: LedgerSide & { id: string; nanos: number },
  ): Promise<number | undefined> {
    checkNanos(side.nanos);
    const left =
      side.nanos === 0
        ? await tx.getStarBalance(side.ownerId)
        : await tx.debitStars(side.ownerId, side.nanos);
    if (left === undefined) return undefined;
    await this.#row(tx, side.ownerId, side.id, 'out', side.nanos, side.partner, this.deps.clock.now());
    return left;
  }

  /**
   * A person is given Stars (control API: `parley stars grant`), as if bought: an incoming row whose
   * source is `other` (Parley itself). Answers the person's balance.
   */
  async grant(userRef: string, stars: number): Promise<StarAmount> {
    if (!Number.isInteger(stars) || stars < 1 || stars > MAX_GRANT_STARS) {
      throw new PlatformError('BAD_REQUEST', `amount must be an integer from 1 to ${MAX_GRANT_STARS}`);
    }
    const user = await this.users.resolve(userRef, 'user');
    const { random } = this.deps;
    const id = `grant_${random.int(0, 1e9)}${random.int(0, 1e9)}`;
    const balance = await this.deps.store.write(async (tx) =>
      this.credit(tx, { ownerId: user.id, id, nanos: starsToNanos(stars), partner: { type: 'other' } }),
    );
    return starAmount(balance);
  }

  /** The balance of a person or bot named by reference (control API: `parley stars balance`). */
  async balanceOfRef(ref: string): Promise<StarAmount & { user_id: number }> {
    const owner = await this.users.resolve(ref);
    return { user_id: owner.id, ...starAmount(await this.balanceOf(owner.id)) };
  }

  /** StarTransaction objects (spec) of an owner's ledger, oldest first. */
  async transactions(ownerId: number, offset: number, limit: number): Promise<StarTransaction[]> {
    const { store } = this.deps;
    const rows = await store.listStarTransactions(ownerId, offset, limit);
    return Promise.all(rows.map((row) => this.renderTransaction(store, row)));
  }

  /** A ledger row as StarTransaction: id, amount, nanostar_amount, date, source or receiver. */
  async renderTransaction(
    reader: ChatsReader & UsersReader,
    row: StarTransactionRow,
  ): Promise<StarTransaction> {
    const nanos = Number(row.nanos);
    const whole = Math.floor(nanos / NANOS_PER_STAR);
    const part = nanos % NANOS_PER_STAR;
    const partner = await this.#renderPartner(reader, row.owner_id, JSON.parse(row.partner) as StoredPartner);
    return {
      id: row.id,
      amount: whole,
      ...(part !== 0 ? { nanostar_amount: part } : {}),
      date: Number(row.date),
      ...(row.direction === 'in' ? { source: partner } : { receiver: partner }),
    };
  }

  async #renderPartner(
    reader: ChatsReader & UsersReader,
    viewerId: number,
    stored: StoredPartner,
  ): Promise<TransactionPartner> {
    if (stored.type === 'user') {
      const { user_id: userId, type: _type, ...rest } = stored;
      const user = await reader.getUser(userId);
      // A user Parley no longer knows is shown as the reference shows one (mentioned-users.ts).
      const shown = user ? renderUser(user) : { id: userId, is_bot: false, first_name: '' };
      return { type: 'user', ...rest, user: shown };
    }
    if (stored.type === 'chat') {
      const { chat_id: chatId, type: _type, ...rest } = stored;
      const chat = await reader.getChatById(chatId);
      return {
        type: 'chat',
        ...rest,
        // Chats are never deleted: a missing one is a row written with a bad id, shown as the chats
        // the ledger names are (the channels of paid media, subscriptions, gifts and posts).
        chat: chat ? await this.chats.render(reader, chat, viewerId) : { id: chatId, type: 'channel' },
      };
    }
    return { ...stored };
  }

  async #creditChecked(tx: StarsReader & StarsWriter, ownerId: number, nanos: number): Promise<number> {
    if (nanos === 0) return tx.getStarBalance(ownerId);
    const balance = await tx.creditStars(ownerId, nanos);
    if (balance > starsToNanos(MAX_BALANCE_STARS)) {
      // Thrown inside the write: the whole movement is rolled back.
      throw new PlatformError('BAD_REQUEST', `a balance can hold at most ${MAX_BALANCE_STARS} Stars`);
    }
    return balance;
  }

  async #row(
    tx: StarsWriter,
    ownerId: number,
    id: string,
    direction: StarDirection,
    nanos: number,
    partner: StoredPartner,
    date: number,
  ): Promise<void> {
    await tx.insertStarTransaction({
      owner_id: ownerId,
      id,
      direction,
      nanos,
      partner: JSON.stringify(partner),
      date,
    });
  }
}

function checkNanos(nanos: number): void {
  if (!Number.isSafeInteger(nanos) || nanos < 0) throw new Error(`invalid amount of nanostars: ${nanos}`);
}
