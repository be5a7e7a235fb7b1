/** Gifts and paid media purchases on SQLite (ports/gifts.ts, ports/paid-media.ts). */
import type { SqlStatements } from '../sql-statements.js';
import { GIFTS_SQL as SQL } from '../../sql/gifts.js';
import type {
  GiftOwnerKind,
  GiftsReader,
  GiftsWriter,
  OwnedGiftPatch,
  OwnedGiftRow,
} from '../../ports/gifts.js';
import type { PaidMediaPurchaseRow, PaidMediaReader, PaidMediaWriter } from '../../ports/paid-media.js';

export class SqliteGifts implements GiftsReader, GiftsWriter, PaidMediaReader, PaidMediaWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getOwnedGift(id: string) {
    return this.#sql.get(SQL.getOwnedGift, id) as OwnedGiftRow | undefined;
  }
  async listOwnedGifts(ownerKind: GiftOwnerKind, ownerId: number) {
    return this.#sql.all(SQL.listOwnedGifts, ownerKind, ownerId) as unknown as OwnedGiftRow[];
  }
  async getGiftSold(giftId: string, buyerId: number) {
    const row = this.#sql.get(SQL.getGiftSold, giftId, buyerId);
    return row ? Number(row.sold) : 0;
  }
  async insertOwnedGift(row: OwnedGiftRow) {
    this.#sql.insert('owned_gifts', row);
  }
  async updateOwnedGift(id: string, patch: OwnedGiftPatch) {
    if (Object.keys(patch).length > 0) this.#sql.update('owned_gifts', 'id', id, patch);
  }
  async takeGiftStock(giftId: string, buyerId: number, limit: number | null) {
    const row = this.#sql.get(SQL.takeGiftStock, giftId, buyerId, limit, limit, limit, limit);
    return row ? Number(row.sold) : undefined;
  }

  async getPaidMediaPurchase(chatPk: number, messageId: number, userId: number) {
    return this.#sql.get(SQL.getPaidMediaPurchase, chatPk, messageId, userId) as
      PaidMediaPurchaseRow | undefined;
  }
  async insertPaidMediaPurchase(row: PaidMediaPurchaseRow) {
    this.#sql.insert('paid_media_purchases', row);
  }
}
