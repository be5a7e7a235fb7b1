/**
 * Paid media purchases (table `paid_media_purchases`; SQLite 020, PostgreSQL 010). ADR 0050.
 *
 * Contract: one row per (chat, message, buyer): a second purchase of the same media by the same
 * person is a UniqueViolation, so media is paid for once. The paid media itself is the message's
 * content (its body); this row says who may see it.
 */

export interface PaidMediaPurchaseRow {
  chat_pk: number;
  message_id: number;
  user_id: number;
  /** The Stars transaction id of the payment (both ledger rows carry it). */
  charge_id: string;
  star_count: number;
  /** Unix seconds. */
  date: number;
}

export interface PaidMediaReader {
  getPaidMediaPurchase(
    chatPk: number,
    messageId: number,
    userId: number,
  ): Promise<PaidMediaPurchaseRow | undefined>;
}

export interface PaidMediaWriter {
  insertPaidMediaPurchase(row: PaidMediaPurchaseRow): Promise<void>;
}
