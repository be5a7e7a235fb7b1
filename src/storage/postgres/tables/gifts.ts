/** Gifts and paid media purchases on PostgreSQL (ports/gifts.ts, ports/paid-media.ts). */
import type { PgSql } from '../pg-sql.js';
import { GIFTS_SQL as SQL } from '../../sql/gifts.js';
import type {
  GiftOwnerKind,
  GiftsReader,
  GiftsWriter,
  OwnedGiftPatch,
  OwnedGiftRow,
} from '../../ports/gifts.js';
import type { PaidMediaPurchaseRow, PaidMediaReader, PaidMediaWriter } from '../../ports/paid-media.js';

function giftRow(row: Record<string, unknown>): OwnedGiftRow {
  return {
    ...(row as unknown as OwnedGiftRow),
    owner_id: Number(row.owner_id),
    sender_id: row.sender_id === null ? null : Number(row.sender_id),
    send_date: Number(row.send_date),
    star_count: Number(row.star_count),
  };
}

export class PgGifts implements GiftsReader, GiftsWriter, PaidMediaReader, PaidMediaWriter {
  constructor(private readonly sql: PgSql) {}

  async getOwnedGift(id: string) {
    const row = await this.sql.get(SQL.getOwnedGift, id);
    return row ? giftRow(row) : undefined;
  }
  async listOwnedGifts(ownerKind: GiftOwnerKind, ownerId: number) {
    const rows = await this.sql.all(SQL.listOwnedGifts, ownerKind, ownerId);
    return rows.map(giftRow);
  }
  async getGiftSold(giftId: string, buyerId: number) {
    const row = await this.sql.get(SQL.getGiftSold, giftId, buyerId);
    return row ? Number(row.sold) : 0;
  }
  async insertOwnedGift(row: OwnedGiftRow) {
    await this.sql.insert('owned_gifts', row);
  }
  async updateOwnedGift(id: string, patch: OwnedGiftPatch) {
    if (Object.keys(patch).length > 0) await this.sql.update('owned_gifts', 'id', id, patch);
  }
  async takeGiftStock(giftId: string, buyerId: number, limit: number | null) {
    const row = await this.sql.get(SQL.takeGiftStock, giftId, buyerId, limit, limit, limit, limit);
    return row ? Number(row.sold) : undefined;
  }

  async getPaidMediaPurchase(chatPk: number, messageId: number, userId: number) {
    const row = await this.sql.get(SQL.getPaidMediaPurchase, chatPk, messageId, userId);
    if (!row) return undefined;
    return {
      chat_pk: Number(row.chat_pk),
      message_id: Number(row.message_id),
      user_id: Number(row.user_id),
      charge_id: String(row.charge_id),
      star_count: Number(row.star_count),
      date: Number(row.date),
    };
  }
  async insertPaidMediaPurchase(row: PaidMediaPurchaseRow) {
    await this.sql.insert('paid_media_purchases', row);
  }
}
