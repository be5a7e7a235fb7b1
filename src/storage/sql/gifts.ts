/**
 * Gifts' and paid media purchases' statements (ports/gifts.ts, ports/paid-media.ts), one text for
 * both adapters (ADR 0109).
 */
export const GIFTS_SQL = Object.freeze({
  getOwnedGift: `SELECT id, owner_kind, owner_id, gift_id, kind, sender_id, send_date, star_count,
    status, data FROM owned_gifts WHERE id = ?`,
  listOwnedGifts: `SELECT id, owner_kind, owner_id, gift_id, kind, sender_id, send_date, star_count,
    status, data FROM owned_gifts WHERE owner_kind = ? AND owner_id = ? AND status = 'owned'
    ORDER BY send_date DESC, pk DESC`,
  getGiftSold: 'SELECT sold FROM gift_sales WHERE gift_id = ? AND buyer_id = ?',
  /** The limit is typed (CAST) because PostgreSQL cannot infer the type of a bare `? IS NULL`. */
  takeGiftStock: `INSERT INTO gift_sales (gift_id, buyer_id, sold)
    SELECT ?, ?, 1 WHERE CAST(? AS BIGINT) IS NULL OR CAST(? AS BIGINT) >= 1
    ON CONFLICT (gift_id, buyer_id) DO UPDATE SET sold = gift_sales.sold + 1
    WHERE CAST(? AS BIGINT) IS NULL OR gift_sales.sold < CAST(? AS BIGINT)
    RETURNING sold`,
  getPaidMediaPurchase:
    'SELECT * FROM paid_media_purchases WHERE chat_pk = ? AND message_id = ? AND user_id = ?',
} as const);
