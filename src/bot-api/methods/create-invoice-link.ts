import { defineMethod } from '../define-method.js';
import { invoiceSpec } from '../invoice-params.js';

/**
 * createInvoiceLink: a link to an invoice (`https://parley.invalid/$<id>`) that people pay through
 * the control API (`pay --link`); with subscription_period (Stars, 30 days) a subscription.
 */
export const createInvoiceLink = defineMethod('createInvoiceLink', async (ctx) => {
  return ctx.platform.payments.invoices.createLink(ctx.botId, invoiceSpec(ctx.params, true));
});
