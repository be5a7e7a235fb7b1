/**
 * `parley gifts list`, `parley gifts send`, `parley gifts convert`: a person's gifts (ADR 0050):
 * `GET /control/gifts`, `POST /control/gifts/send`, `POST /control/gifts/convert`.
 */
import type { PersonGifts } from '../../testkit/index.js';
import { parseCommandArgs, type Command } from '../command.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import { formatStarBalance } from './stars.js';
import { routeCli } from '../route-options.js';

/** One line per gift: `<owned_gift_id> regular Heart (15 Stars) from 123; converts to 13 Stars`. */
export function formatGifts(list: PersonGifts): string {
  const lines = list.gifts.map((owned) => {
    const gift = owned.gift as { id?: string; gift_id?: string; star_count?: number; name?: string };
    const what =
      owned.type === 'unique' ? `unique ${gift.name}` : `regular ${gift.id} (${gift.star_count} Stars)`;
    const from = (owned.sender_user as { id?: number } | undefined)?.id;
    const convert =
      typeof owned.convert_star_count === 'number' ? `; converts to ${owned.convert_star_count} Stars` : '';
    return `${owned.owned_gift_id} ${what}${from !== undefined ? ` from ${from}` : ''}${convert}`;
  });
  const premium = list.premium_until
    ? [`Premium until ${new Date(list.premium_until * 1000).toISOString()}`]
    : [];
  return [`${list.total_count} gift(s) of ${list.user_id}`, ...lines, ...premium].join('\n');
}

const LIST = routeCli('listGifts', { omit: ['exclude_unique'] });
const LIST_OPTIONS = { ...CLIENT_OPTIONS, ...LIST.options } as const;

export const giftsListCommand: Command = {
  name: 'gifts list',
  summary: "show a person's gifts (with owned_gift_id)",
  options: LIST_OPTIONS,
  routes: [LIST],
  help: `Usage: parley gifts list --user USER [--sort-by-price] [--offset OFFSET] [--limit N] [--json]

Prints the gifts the person owns as they see them: each with its owned_gift_id (for
\`parley gifts convert\`), newest first; and when a gifted Premium subscription ends.

Options:
${LIST.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, LIST_OPTIONS);
    const { values } = parsed;
    const params = await LIST.params(parsed, this.name);
    const result = await withClient(values, ctx, (client) => client.listGifts(params));
    printResult(ctx, values.json, result, formatGifts);
    return 0;
  },
};

const SEND = routeCli('giveGift', {
  flags: { gift_id: 'gift', is_private: 'private' },
  metavars: { gift_id: 'GIFT_ID' },
});
const SEND_OPTIONS = { ...CLIENT_OPTIONS, ...SEND.options } as const;

export const giftsSendCommand: Command = {
  name: 'gifts send',
  summary: 'send a gift of the catalogue to another person, paying in Stars',
  options: SEND_OPTIONS,
  routes: [SEND],
  help: `Usage: parley gifts send --user USER --to USER --gift GIFT_ID [--text TEXT] [--private]
                         [--pay-for-upgrade] [--json]

The sender pays the gift's price from their Stars; the receiver gets a gift service message and
may keep the gift or convert it to Stars. GIFT_ID is an id of getAvailableGifts.

Options:
${SEND.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, SEND_OPTIONS);
    const { values } = parsed;
    const params = await SEND.params(parsed, this.name);
    const message = await withClient(values, ctx, (client) => client.giveGift(params));
    printResult(
      ctx,
      values.json,
      message,
      (sent) => `sent gift ${params.gift_id}: message ${sent.message_id}`,
    );
    return 0;
  },
};

const CONVERT = routeCli('convertGift', {
  flags: { owned_gift_id: 'gift' },
  metavars: { owned_gift_id: 'OWNED_GIFT_ID' },
});
const CONVERT_OPTIONS = { ...CLIENT_OPTIONS, ...CONVERT.options } as const;

export const giftsConvertCommand: Command = {
  name: 'gifts convert',
  summary: 'convert a received gift to Stars',
  options: CONVERT_OPTIONS,
  routes: [CONVERT],
  help: `Usage: parley gifts convert --user USER --gift OWNED_GIFT_ID [--json]

The gift's convert_star_count Stars go to the person's balance (printed); the gift is gone. Gifts
sent by bots cannot be converted.

Options:
${CONVERT.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, CONVERT_OPTIONS);
    const { values } = parsed;
    const params = await CONVERT.params(parsed, this.name);
    const balance = await withClient(values, ctx, (client) => client.convertGift(params));
    printResult(ctx, values.json, balance, formatStarBalance);
    return 0;
  },
};
