import { defineMethod } from '../define-method.js';
import { invoiceSpec } from '../invoice-params.js';
import { checkChat } from '../send-media.js';
import { readSendOptions } from '../send-options.js';

/**
 * sendInvoice: an invoice message (spec Invoice) in fiat through a Parley test provider, or in
 * Stars (currency XTR, no provider token, one price). A person pays it through the control API
 * (`pay`); docs/payments.md. The inline keyboard, if any, must start with a pay button.
 */
export const sendInvoice = defineMethod('sendInvoice', async (ctx) => {
  // invoiceSpec is shared with createInvoiceLink and reads the parameters itself.
  const spec = invoiceSpec(ctx.params, false);
  const options = await readSendOptions(ctx);
  const bot = await checkChat(ctx, options);
  return ctx.platform.payments.invoices.send(bot, options.chatId, spec, options.content, options.replyTo);
});
