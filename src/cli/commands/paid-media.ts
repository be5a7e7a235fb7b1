/** `parley paid-media buy`: `POST /control/paid-media/purchase`, a person buys paid media (ADR 0050). */
import type { PaymentOutcome } from '../../testkit/index.js';
import { messageOptions, parseCommandArgs, type Command } from '../command.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

const OPTIONS = {
  ...CLIENT_OPTIONS,
  user: { type: 'string' },
  chat: { type: 'string' },
  message: { type: 'string' },
} as const;

export function formatPurchase(outcome: PaymentOutcome): string {
  const media = (outcome.message?.paid_media as { paid_media?: Array<{ type: string }> } | undefined)
    ?.paid_media;
  return `${outcome.status}: ${media?.map((item) => item.type).join(', ') ?? 'no media'}`;
}

export const paidMediaBuyCommand: Command = {
  name: 'paid-media buy',
  summary: 'buy the paid media of a message as a person',
  help: `Usage: parley paid-media buy --user USER --chat CHAT --message MESSAGE_ID [--json]

The message's price in Stars moves from the person to the bot (or the channel); the bot gets
purchased_paid_media when it gave a payload. Prints {"status":"paid","message":...} with the
message as the person now sees it (its full media).

Options:
  --user USER          the person (required)
  --chat CHAT          the chat as the person names it: @bot_username or a chat id (required)
  --message ID         the paid media message (required)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, OPTIONS);
    const { user, chat, messageId } = messageOptions(values, this.name);
    const outcome = await withClient(values, ctx, (client) =>
      client.buyPaidMedia({ user, chat, message_id: messageId }),
    );
    printResult(ctx, values.json, outcome, formatPurchase);
    return 0;
  },
};
