/**
 * Invoices', payment queries' and payments' statements (ports/payments.ts), one text for both
 * adapters (ADR 0109).
 */
export const PAYMENTS_SQL = Object.freeze({
  getChatSubscriptionLink: 'SELECT * FROM chat_subscription_links WHERE link = ?',
  getInvoice: 'SELECT * FROM invoices WHERE id = ?',
  getInvoiceByMessage: 'SELECT * FROM invoices WHERE chat_pk = ? AND message_id = ?',
  getPaymentQuery: 'SELECT * FROM payment_queries WHERE id = ?',
  getPayment: 'SELECT * FROM payments WHERE charge_id = ?',
  listDueSubscriptions: `SELECT * FROM payments
    WHERE subscription_period IS NOT NULL AND expires_at IS NOT NULL AND expires_at <= ?
    ORDER BY expires_at, charge_id LIMIT ?`,
  listActiveSubscriptions: `SELECT * FROM payments
    WHERE bot_id = ? AND user_id = ? AND subscription_period IS NOT NULL AND expires_at IS NOT NULL
    ORDER BY created_at, charge_id`,
  answerPaymentQuery:
    'UPDATE payment_queries SET answer = ?, answered_at = ? WHERE id = ? AND answered_at IS NULL',
  markPaymentRefunded: 'UPDATE payments SET refunded_at = ? WHERE charge_id = ? AND refunded_at IS NULL',
} as const);
