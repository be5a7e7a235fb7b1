/** `parley paid-media buy`: `POST /control/paid-media/purchase`, a person buys paid media (ADR 0050). */
import type { PaymentOutcome } from '../../testkit/index.js';
import { parseCommandArgs, type Command } from '../command.js';
import { routeCli } from '../route-options.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

const BUY = routeCli('buyPaidMedia', { flags: { message_id: 'message' } });
const OPTIONS = { ...CLIENT_OPTIONS, ...BUY.options } as const;

export function formatPurchase(outcome: PaymentOutcome): string {
  const media = (outcome.message?.paid_media as { paid_media?: Array<{ type: string }> } | undefined)
    ?.paid_media;
  return `${outcome.status}: ${media?.map((item) => item.type).join(', ') ?? 'no media'}`;
}

export const paidMediaBuyCommand: Command = {
  name: 'paid-media buy',
  summary: 'buy the paid media of a message as a person',
  options: OPTIONS,
  routes: [BUY],
  help: `Usage: parley paid-media buy --user USER --chat CHAT --message MESSAGE_ID [--json]

The message's price in Stars moves from the person to the bot (or the channel); the bot gets
purchased_paid_media when it gave a payload. Prints {"status":"paid","message":...} with the
message as the person now sees it (its full media).

Options:
${BUY.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, OPTIONS);
    const { values } = parsed;
    const params = await BUY.params(parsed, this.name);
    const outcome = await withClient(values, ctx, (client) => client.buyPaidMedia(params));
    printResult(ctx, values.json, outcome, formatPurchase);
    return 0;
  },
};
