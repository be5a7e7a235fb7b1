/**
 * Gifts (tables `owned_gifts`, `gift_sales`; SQLite 020, PostgreSQL 010). ADR 0050.
 *
 * Contract:
 * - An owned gift is one row, named by its owned_gift_id (`id`); its owner is a user (`owner_kind`
 *   'user', `owner_id` the user id) or a chat ('chat', the chat's pk). A gift converted to Stars
 *   keeps its row with status 'converted' and is no longer listed; a transfer changes the owner.
 * - `listOwnedGifts` answers an owner's gifts still owned, newest first (send_date, then write
 *   order).
 * - `takeGiftStock` counts one more sale of a gift, for one buyer (`buyer_id`) or in all (buyer 0),
 *   in one conditional statement: when `limit` is given and the count has reached it, nothing
 *   changes and the answer is undefined (however many sales race); else the new count.
 */

export type GiftOwnerKind = 'user' | 'chat';
export type OwnedGiftKind = 'regular' | 'unique';
export type OwnedGiftStatus = 'owned' | 'converted';

export interface OwnedGiftRow {
  /** owned_gift_id. */
  id: string;
  owner_kind: GiftOwnerKind;
  owner_id: number;
  /** The catalogue's gift id (platform/gifts/gift-catalogue.ts). */
  gift_id: string;
  kind: OwnedGiftKind;
  /** The user who sent it (a bot or a person); null when unknown. */
  sender_id: number | null;
  /** Unix seconds. */
  send_date: number;
  /** The price the sender paid, in Stars (sort_by_price). */
  star_count: number;
  status: OwnedGiftStatus;
  /**
   * JSON of the rest: text, entities, is_private, convert_star_count, prepaid_upgrade_star_count,
   * unique_gift_number, and for a unique gift `unique` (the UniqueGift without stickers' file ids).
   */
  data: string;
}

export type OwnedGiftPatch = Partial<
  Pick<OwnedGiftRow, 'owner_kind' | 'owner_id' | 'kind' | 'sender_id' | 'send_date' | 'status' | 'data'>
>;

export interface GiftsReader {
  getOwnedGift(id: string): Promise<OwnedGiftRow | undefined>;
  /** The owner's gifts with status 'owned', newest first. */
  listOwnedGifts(ownerKind: GiftOwnerKind, ownerId: number): Promise<OwnedGiftRow[]>;
  /** Sales of a gift counted so far for a buyer (0: all buyers). */
  getGiftSold(giftId: string, buyerId: number): Promise<number>;
}

export interface GiftsWriter {
  insertOwnedGift(row: OwnedGiftRow): Promise<void>;
  updateOwnedGift(id: string, patch: OwnedGiftPatch): Promise<void>;
  /** One more sale (see the contract); undefined when `limit` is reached. */
  takeGiftStock(giftId: string, buyerId: number, limit: number | null): Promise<number | undefined>;
}
