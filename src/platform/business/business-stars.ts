/**
 * A business account's Stars, through its connected bot (spec getBusinessAccountStarBalance,
 * transferBusinessAccountStars), on the platform's one Stars ledger (payments/stars-ledger.ts).
 * ADR 0049.
 */
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import { starAmount, starsToNanos, type StarAmount, type StarsLedger } from '../payments/stars-ledger.js';
import { usableConnection } from './usable-connection.js';

export class BusinessStars {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly stars: StarsLedger,
  ) {}

  /** getBusinessAccountStarBalance: can_view_gifts_and_stars. */
  async balance(botId: number, connectionId: string): Promise<StarAmount> {
    const { store } = this.deps;
    const connection = await usableConnection(store, botId, connectionId, 'can_view_gifts_and_stars');
    return starAmount(await this.stars.balanceOf(connection.user_id, store));
  }

  /**
   * transferBusinessAccountStars: can_transfer_stars; Stars move from the account to the bot, one
   * ledger row each side (partner: the other, business_account_transfer). A short balance changes
   * nothing and answers BALANCE_TOO_LOW.
   */
  async transferToBot(botId: number, connectionId: string, stars: number): Promise<void> {
    const id = `business_${this.deps.random.token(16)}`;
    await this.deps.store.write(async (tx) => {
      const connection = await usableConnection(tx, botId, connectionId, 'can_transfer_stars');
      const moved = await this.stars.transfer(tx, {
        id,
        from: {
          ownerId: connection.user_id,
          partner: { type: 'user', user_id: botId, transaction_type: 'business_account_transfer' },
        },
        to: {
          ownerId: botId,
          partner: {
            type: 'user',
            user_id: connection.user_id,
            transaction_type: 'business_account_transfer',
          },
        },
        nanos: starsToNanos(stars),
      });
      if (!moved) throw new PlatformError('BALANCE_TOO_LOW', 'the business account has not enough Stars');
    });
  }
}
