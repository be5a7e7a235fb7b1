/** Gifts and paid media purchases on SQLite (ports/gifts.ts, ports/paid-media.ts). */
import type { SqlStatements } from '../sql-statements.js';
import type {
  GiftOwnerKind,
  GiftsReader,
  GiftsWriter,
  OwnedGiftPatch,
  OwnedGiftRow,
} from '../../ports/gifts.js';
import type { PaidMediaPurchaseRow, PaidMediaReader, PaidMediaWriter } from '../../ports/paid-media.js';

const GIFT_COLUMNS =
  'id, owner_kind, owner_id, gift_id, kind, sender_id, send_date, star_count, status, data';

export class SqliteGifts implements GiftsReader, GiftsWriter, PaidMediaReader, PaidMediaWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getOwnedGift(id: string) {
    return this.#sql.get(`SELECT ${GIFT_COLUMNS} FROM owned_gifts WHERE id = ?`, id) as
      OwnedGiftRow | undefined;
  }
  async listOwnedGifts(ownerKind: GiftOwnerKind, ownerId: number) {
    return this.#sql.all(
      `SELECT ${GIFT_COLUMNS} FROM owned_gifts WHERE owner_kind = ? AND owner_id = ? AND status = 'owned'
       ORDER BY send_date DESC, pk DESC`,
      ownerKind,
      ownerId,
    ) as unknown as OwnedGiftRow[];
  }
  async getGiftSold(giftId: string, buyerId: number) {
    const row = this.#sql.get(
      'SELECT sold FROM gift_sales WHERE gift_id = ? AND buyer_id = ?',
      giftId,
      buyerId,
    );
    return row ? Number(row.sold) : 0;
  }
  async insertOwnedGift(row: OwnedGiftRow) {
    this.#sql.insert('owned_gifts', row);
  }
  async updateOwnedGift(id: string, patch: OwnedGiftPatch) {
    if (Object.keys(patch).length > 0) this.#sql.update('owned_gifts', 'id', id, patch);
  }
  async takeGiftStock(giftId: string, buyerId: number, limit: number | null) {
    const row = this.#sql.get(
      `INSERT INTO gift_sales (gift_id, buyer_id, sold) SELECT ?, ?, 1 WHERE ? IS NULL OR ? >= 1
       ON CONFLICT (gift_id, buyer_id) DO UPDATE SET sold = gift_sales.sold + 1
       WHERE ? IS NULL OR gift_sales.sold < ?
       RETURNING sold`,
      giftId,
      buyerId,
      limit,
      limit,
      limit,
      limit,
    );
    return row ? Number(row.sold) : undefined;
  }

  async getPaidMediaPurchase(chatPk: number, messageId: number, userId: number) {
    return this.#sql.get(
      'SELECT * FROM paid_media_purchases WHERE chat_pk = ? AND message_id = ? AND user_id = ?',
      chatPk,
      messageId,
      userId,
    ) as PaidMediaPurchaseRow | undefined;
  }
  async insertPaidMediaPurchase(row: PaidMediaPurchaseRow) {
    this.#sql.insert('paid_media_purchases', row);
  }
}
