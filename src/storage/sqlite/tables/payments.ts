/** Invoices, payment queries and payments on SQLite (ports/payments.ts). */
import type { SqlStatements } from '../sql-statements.js';
import { PAYMENTS_SQL as SQL } from '../../sql/payments.js';
import type {
  ChatSubscriptionLinkRow,
  InvoiceRow,
  PaymentQueryRow,
  PaymentRow,
  PaymentsReader,
  PaymentsWriter,
} from '../../ports/payments.js';

export class SqlitePayments implements PaymentsReader, PaymentsWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getChatSubscriptionLink(link: string) {
    return this.#sql.get(SQL.getChatSubscriptionLink, link) as ChatSubscriptionLinkRow | undefined;
  }
  async insertChatSubscriptionLink(row: ChatSubscriptionLinkRow) {
    this.#sql.insert('chat_subscription_links', row);
  }
  async getInvoice(id: string) {
    return this.#sql.get(SQL.getInvoice, id) as InvoiceRow | undefined;
  }
  async getInvoiceByMessage(chatPk: number, messageId: number) {
    return this.#sql.get(SQL.getInvoiceByMessage, chatPk, messageId) as InvoiceRow | undefined;
  }
  async getPaymentQuery(id: string) {
    return this.#sql.get(SQL.getPaymentQuery, id) as PaymentQueryRow | undefined;
  }
  async getPayment(chargeId: string) {
    return this.#sql.get(SQL.getPayment, chargeId) as PaymentRow | undefined;
  }
  async listDueSubscriptions(at: number, limit: number) {
    return this.#sql.all(SQL.listDueSubscriptions, at, limit) as unknown as PaymentRow[];
  }
  async listActiveSubscriptions(botId: number, userId: number) {
    return this.#sql.all(SQL.listActiveSubscriptions, botId, userId) as unknown as PaymentRow[];
  }
  async insertInvoice(row: InvoiceRow) {
    this.#sql.insert('invoices', row);
  }
  async insertPaymentQuery(row: PaymentQueryRow) {
    this.#sql.insert('payment_queries', row);
  }
  async answerPaymentQuery(id: string, answer: string, at: number) {
    const result = this.#sql.run(SQL.answerPaymentQuery, answer, at, id);
    return result.changes === 1;
  }
  async insertPayment(row: PaymentRow) {
    this.#sql.insert('payments', row);
  }
  async markPaymentRefunded(chargeId: string, at: number) {
    const result = this.#sql.run(SQL.markPaymentRefunded, at, chargeId);
    return result.changes === 1;
  }
  async updatePayment(
    chargeId: string,
    patch: Partial<Pick<PaymentRow, 'expires_at' | 'is_canceled' | 'data'>>,
  ) {
    this.#sql.update('payments', 'charge_id', chargeId, patch);
  }
}
