/** Invoices, payment queries and payments on PostgreSQL (ports/payments.ts). */
import type { PgSql } from '../pg-sql.js';
import { PAYMENTS_SQL as SQL } from '../../sql/payments.js';
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
    return (await this.sql.get(SQL.getChatSubscriptionLink, link)) as ChatSubscriptionLinkRow | undefined;
  }
  async insertChatSubscriptionLink(row: ChatSubscriptionLinkRow) {
    await this.sql.insert('chat_subscription_links', row);
  }
  async getInvoice(id: string) {
    return (await this.sql.get(SQL.getInvoice, id)) as InvoiceRow | undefined;
  }
  async getInvoiceByMessage(chatPk: number, messageId: number) {
    return (await this.sql.get(SQL.getInvoiceByMessage, chatPk, messageId)) as InvoiceRow | undefined;
  }
  async getPaymentQuery(id: string) {
    return (await this.sql.get(SQL.getPaymentQuery, id)) as PaymentQueryRow | undefined;
  }
  async getPayment(chargeId: string) {
    return (await this.sql.get(SQL.getPayment, chargeId)) as PaymentRow | undefined;
  }
  async listDueSubscriptions(at: number, limit: number) {
    return (await this.sql.all(SQL.listDueSubscriptions, at, limit)) as unknown as PaymentRow[];
  }
  async listActiveSubscriptions(botId: number, userId: number) {
    return (await this.sql.all(SQL.listActiveSubscriptions, botId, userId)) as unknown as PaymentRow[];
  }
  async insertInvoice(row: InvoiceRow) {
    await this.sql.insert('invoices', row);
  }
  async insertPaymentQuery(row: PaymentQueryRow) {
    await this.sql.insert('payment_queries', row);
  }
  async answerPaymentQuery(id: string, answer: string, at: number) {
    const changed = await this.sql.run(SQL.answerPaymentQuery, answer, at, id);
    return changed === 1;
  }
  async insertPayment(row: PaymentRow) {
    await this.sql.insert('payments', row);
  }
  async markPaymentRefunded(chargeId: string, at: number) {
    const changed = await this.sql.run(SQL.markPaymentRefunded, at, chargeId);
    return changed === 1;
  }
  async updatePayment(
    chargeId: string,
    patch: Partial<Pick<PaymentRow, 'expires_at' | 'is_canceled' | 'data'>>,
  ) {
    await this.sql.update('payments', 'charge_id', chargeId, patch);
  }
}
