/** `parley paid-media buy`: `POST /control/paid-media/purchase`, a person buys paid media (ADR 0050). */
import type { PaymentOutcome } from '../../testkit/index.js';
import { parseCommandArgs, type Command } from '../command.js';
import { routeOptions, routeParams } from '../route-options.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

const MESSAGE = { message_id: 'message' } as const;
const OPTIONS = { ...CLIENT_OPTIONS, ...routeOptions('buyPaidMedia', MESSAGE) } as const;

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
    const params = routeParams('buyPaidMedia', values, this.name, MESSAGE);
    const outcome = await withClient(values, ctx, (client) => client.buyPaidMedia(params));
    printResult(ctx, values.json, outcome, formatPurchase);
    return 0;
  },
};
