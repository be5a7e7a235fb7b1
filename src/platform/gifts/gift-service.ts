/**
 * Gifts on the platform object (`platform.gifts`; ADR 0050): the catalogue and sales, the lists of
 * owned gifts, and what owners do with their gifts.
 */
import { GiftLists } from './gift-lists.js';
import { GiftOwnership } from './gift-ownership.js';
import { GiftSales, type GiftsContext } from './gifts.js';
import type { GiftListFilter, OwnedGiftsList } from './gift-lists.js';

export class Gifts {
  readonly sales: GiftSales;
  readonly lists: GiftLists;
  readonly ownership: GiftOwnership;

  constructor(private readonly ctx: GiftsContext) {
    this.sales = new GiftSales(ctx);
    this.lists = new GiftLists(ctx, this.sales.view);
    this.ownership = new GiftOwnership(ctx, this.sales);
  }

  /** A person's own gifts (control API): owned_gift_id and all, and their gifted Premium. */
  async ofPerson(
    userRef: string,
    filter: GiftListFilter,
  ): Promise<OwnedGiftsList & { user_id: number; premium_until?: number }> {
    const user = await this.ctx.users.resolve(userRef, 'user');
    const list = await this.lists.list(this.ctx.deps.store, user.id, 'user', user.id, filter, true);
    const premiumUntil = await this.sales.premiumUntil(user.id);
    return {
      user_id: user.id,
      ...list,
      ...(premiumUntil !== undefined ? { premium_until: premiumUntil } : {}),
    };
  }
}
