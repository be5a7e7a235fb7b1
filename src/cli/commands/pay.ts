/** `parley pay`: `POST /control/pay`, a person pays an invoice message or link. */
import type { PaymentOutcome } from '../../testkit/index.js';
import { usageError } from '../cli-error.js';
import { parseCommandArgs, requireOption, type Command } from '../command.js';
import { formatMessage, printResult } from '../output.js';
import { routeCli } from '../route-options.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

/**
 * The invoice is --chat and --message or --link: one form, checked here. Not offered: the shipping
 * address, an object of the wire (the route's default address is used).
 */
const PAY = routeCli('pay', {
  flags: { message_id: 'message' },
  metavars: { tip: 'AMOUNT', shipping_option: 'ID', timeout: 'SECONDS', phone_number: 'PHONE' },
});
const OPTIONS = { ...CLIENT_OPTIONS, ...PAY.options } as const;

/** `paid: [#7 from Alice] <successful_payment>`, `declined: Sold out`, `failed: ...`. */
export function formatPayment(outcome: PaymentOutcome): string {
  if (outcome.status === 'paid') {
    return `paid${outcome.message ? `: ${formatMessage(outcome.message)}` : ''}`;
  }
  return `${outcome.status}: ${outcome.error_message ?? ''}`;
}

export const payCommand: Command = {
  name: 'pay',
  summary: 'pay an invoice (message or link) as a person',
  options: OPTIONS,
  routes: [PAY],
  help: `Usage: parley pay --user USER --chat CHAT --message ID [--tip AMOUNT] [--shipping-option ID] [--json]
       parley pay --user USER --link INVOICE_LINK [--tip AMOUNT] [--shipping-option ID] [--json]

Pays the invoice of that message or link as the person and waits for the bot's answers (a flexible
invoice's shipping query, then the pre-checkout query, which the bot must answer within 10 s of
virtual time). Prints {"status":"paid"|"declined"|"failed", "error_message"?, "message"?} with --json,
where message is the successful_payment service message as the person sees it.

Options:
${PAY.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, OPTIONS);
    const { values } = parsed;
    const params = await PAY.params(parsed, this.name);
    const byLink = params.link !== undefined;
    if (byLink === (params.chat !== undefined || params.message_id !== undefined)) {
      throw usageError('give either --link, or --chat and --message', this.name);
    }
    if (!byLink) {
      requireOption(values.chat, '--chat', this.name);
      requireOption(values.message, '--message', this.name);
    }
    const outcome = await withClient(values, ctx, (client) => client.pay(params));
    printResult(ctx, values.json, outcome, formatPayment);
    return 0;
  },
};
