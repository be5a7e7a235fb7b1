/**
 * Invoices, the queries a bot answers while a person pays, and payments (tables `invoices`,
 * `payment_queries`, `payments`; SQLite 013, PostgreSQL 003). ADR 0043.
 *
 * Contract:
 * - `answerPaymentQuery` records an answer once: it changes the row only while it has none and
 *   says whether it did, so that of a bot's answer and the person's wait running out (or two
 *   answers) exactly one wins.
 * - A payment row is keyed by its charge id (telegram_payment_charge_id): a second insert of the
 *   same charge is a UniqueViolation, so a charge is made once.
 * - `markPaymentRefunded` sets refunded_at once and says whether it did (a payment is refunded at
 *   most once, so never beyond its amount).
 */

export interface InvoiceRow {
  /** Random; also the slug of an invoice link. */
  id: string;
  bot_id: number;
  /** JSON: the invoice as the bot made it (title, prices, provider token, tips, need_* ...). */
  data: string;
  /** The message that carries it (sendInvoice); null for an invoice link. */
  chat_pk: number | null;
  message_id: number | null;
  created_at: number;
}

export type PaymentQueryKind = 'shipping' | 'pre_checkout';

export interface PaymentQueryRow {
  id: string;
  kind: PaymentQueryKind;
  bot_id: number;
  user_id: number;
  invoice_id: string;
  /** JSON: what the person chose and gave (order info, shipping option, tip, total). */
  data: string;
  created_at: number;
  answered_at: number | null;
  /** JSON: the bot's answer, or the outcome recorded when the wait ran out first. */
  answer: string | null;
}

export interface PaymentRow {
  /** telegram_payment_charge_id. */
  charge_id: string;
  bot_id: number;
  user_id: number;
  invoice_id: string;
  currency: string;
  total_amount: number;
  provider_charge_id: string;
  /** JSON: invoice_payload, order info, shipping option, tip, the successful_payment message. */
  data: string;
  created_at: number;
  refunded_at: number | null;
  /** Subscriptions: the period in seconds, the end of the paid period, cancelled by the bot (0/1). */
  subscription_period: number | null;
  expires_at: number | null;
  is_canceled: number;
}

/** A subscription invite link's terms (createChatSubscriptionInviteLink). */
export interface ChatSubscriptionLinkRow {
  link: string;
  subscription_period: number;
  subscription_price: number;
}

export interface PaymentsReader {
  getChatSubscriptionLink(link: string): Promise<ChatSubscriptionLinkRow | undefined>;
  getInvoice(id: string): Promise<InvoiceRow | undefined>;
  /** The invoice a message carries. */
  getInvoiceByMessage(chatPk: number, messageId: number): Promise<InvoiceRow | undefined>;
  getPaymentQuery(id: string): Promise<PaymentQueryRow | undefined>;
  getPayment(chargeId: string): Promise<PaymentRow | undefined>;
  /** Subscriptions whose paid period ends at or before `at`, oldest first, at most `limit`. */
  listDueSubscriptions(at: number, limit: number): Promise<PaymentRow[]>;
  /** A user's subscriptions to a bot whose paid period has not ended yet, oldest first. */
  listActiveSubscriptions(botId: number, userId: number): Promise<PaymentRow[]>;
}

export interface PaymentsWriter {
  insertChatSubscriptionLink(row: ChatSubscriptionLinkRow): Promise<void>;
  insertInvoice(row: InvoiceRow): Promise<void>;
  insertPaymentQuery(row: PaymentQueryRow): Promise<void>;
  /** Records the answer if the query has none yet; answers whether it did. */
  answerPaymentQuery(id: string, answer: string, at: number): Promise<boolean>;
  insertPayment(row: PaymentRow): Promise<void>;
  /** Sets refunded_at if it is not set yet; answers whether it did. */
  markPaymentRefunded(chargeId: string, at: number): Promise<boolean>;
  updatePayment(
    chargeId: string,
    patch: Partial<Pick<PaymentRow, 'expires_at' | 'is_canceled' | 'data'>>,
  ): Promise<void>;
}
