/** `parley pay`: `POST /control/pay`, a person pays an invoice message or link. */
import type { PaymentOutcome } from '../../testkit/index.js';
import { usageError } from '../cli-error.js';
import { integerOption, parseCommandArgs, refArgument, requireOption, type Command } from '../command.js';
import { formatMessage, printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

// Hand-written: the message or --link forms, and the shipping address (an object of the wire).
const OPTIONS = {
  ...CLIENT_OPTIONS,
  user: { type: 'string' },
  chat: { type: 'string' },
  message: { type: 'string' },
  link: { type: 'string' },
  tip: { type: 'string' },
  'shipping-option': { type: 'string' },
  email: { type: 'string' },
  timeout: { type: 'string' },
} as const;

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
  help: `Usage: parley pay --user USER --chat CHAT --message ID [--tip AMOUNT] [--shipping-option ID] [--json]
       parley pay --user USER --link INVOICE_LINK [--tip AMOUNT] [--shipping-option ID] [--json]

Pays the invoice of that message or link as the person and waits for the bot's answers (a flexible
invoice's shipping query, then the pre-checkout query, which the bot must answer within 10 s of
virtual time). Prints {"status":"paid"|"declined"|"failed", "error_message"?, "message"?} with --json,
where message is the successful_payment service message as the person sees it.

Options:
  --user USER              the person: a phone number (+15550001), a user id or @username (required)
  --chat CHAT              @username of the bot (the private chat with it) or a chat id
  --message ID             the invoice message
  --link LINK              an invoice link (https://parley.invalid/$...), instead of --chat and --message
  --tip AMOUNT             a tip in the currency's smallest units, up to the invoice's max_tip_amount
  --shipping-option ID     one of the bot's shipping options (default: the first)
  --email EMAIL            the order's email, for invoices that ask for one
  --timeout SECONDS        how long to wait for the bot's answer to a shipping query (default 10)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, OPTIONS);
    const user = refArgument(requireOption(values.user, '--user', this.name));
    const byLink = values.link !== undefined;
    if (byLink === (values.chat !== undefined || values.message !== undefined)) {
      throw usageError('give either --link, or --chat and --message', this.name);
    }
    const target = byLink
      ? { link: values.link! }
      : {
          chat: refArgument(requireOption(values.chat, '--chat', this.name)),
          message_id: integerOption(
            requireOption(values.message, '--message', this.name),
            '--message',
            this.name,
            1,
          )!,
        };
    const tip = integerOption(values.tip, '--tip', this.name, 0);
    const timeout = integerOption(values.timeout, '--timeout', this.name, 0);
    const outcome = await withClient(values, ctx, (client) =>
      client.pay({
        user,
        ...target,
        ...(tip !== undefined ? { tip } : {}),
        ...(values['shipping-option'] !== undefined ? { shipping_option: values['shipping-option'] } : {}),
        ...(values.email !== undefined ? { email: values.email } : {}),
        ...(timeout !== undefined ? { timeout } : {}),
      }),
    );
    printResult(ctx, values.json, outcome, formatPayment);
    return 0;
  },
};
