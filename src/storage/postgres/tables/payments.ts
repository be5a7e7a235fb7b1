/** Invoices, payment queries and payments on PostgreSQL (ports/payments.ts). */
import type { PgSql } from '../pg-sql.js';
import type {
  ChatSubscriptionLinkRow,
  InvoiceRow,
  PaymentQueryRow,
  PaymentRow,
  PaymentsReader,
  PaymentsWriter,
} from '../../ports/payments.js';

export class PgPayments implements PaymentsReader, PaymentsWriter {
  constructor(private readonly sql: PgSql) {}

  async getChatSubscriptionLink(link: string) {
    return (await this.sql.get('SELECT * FROM chat_subscription_links WHERE link = ?', link)) as
      ChatSubscriptionLinkRow | undefined;
  }
  async insertChatSubscriptionLink(row: ChatSubscriptionLinkRow) {
    await this.sql.insert('chat_subscription_links', row);
  }
  async getInvoice(id: string) {
    return (await this.sql.get('SELECT * FROM invoices WHERE id = ?', id)) as InvoiceRow | undefined;
  }
  async getInvoiceByMessage(chatPk: number, messageId: number) {
    return (await this.sql.get(
      'SELECT * FROM invoices WHERE chat_pk = ? AND message_id = ?',
      chatPk,
      messageId,
    )) as InvoiceRow | undefined;
  }
  async getPaymentQuery(id: string) {
    return (await this.sql.get('SELECT * FROM payment_queries WHERE id = ?', id)) as
      PaymentQueryRow | undefined;
  }
  async getPayment(chargeId: string) {
    return (await this.sql.get('SELECT * FROM payments WHERE charge_id = ?', chargeId)) as
      PaymentRow | undefined;
  }
  async listDueSubscriptions(at: number, limit: number) {
    return (await this.sql.all(
      `SELECT * FROM payments WHERE subscription_period IS NOT NULL AND expires_at IS NOT NULL
       AND expires_at <= ? ORDER BY expires_at, charge_id LIMIT ?`,
      at,
      limit,
    )) as unknown as PaymentRow[];
  }
  async listActiveSubscriptions(botId: number, userId: number) {
    return (await this.sql.all(
      `SELECT * FROM payments WHERE bot_id = ? AND user_id = ? AND subscription_period IS NOT NULL
       AND expires_at IS NOT NULL ORDER BY created_at, charge_id`,
      botId,
      userId,
    )) as unknown as PaymentRow[];
  }
  async insertInvoice(row: InvoiceRow) {
    await this.sql.insert('invoices', row);
  }
  async insertPaymentQuery(row: PaymentQueryRow) {
    await this.sql.insert('payment_queries', row);
  }
  async answerPaymentQuery(id: string, answer: string, at: number) {
    const changed = await this.sql.run(
      'UPDATE payment_queries SET answer = ?, answered_at = ? WHERE id = ? AND answered_at IS NULL',
      answer,
      at,
      id,
    );
    return changed === 1;
  }
  async insertPayment(row: PaymentRow) {
    await this.sql.insert('payments', row);
  }
  async markPaymentRefunded(chargeId: string, at: number) {
    const changed = await this.sql.run(
      'UPDATE payments SET refunded_at = ? WHERE charge_id = ? AND refunded_at IS NULL',
      at,
      chargeId,
    );
    return changed === 1;
  }
  async updatePayment(
    chargeId: string,
    patch: Partial<Pick<PaymentRow, 'expires_at' | 'is_canceled' | 'data'>>,
  ) {
    await this.sql.update('payments', 'charge_id', chargeId, patch);
  }
}
