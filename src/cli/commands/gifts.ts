/**
 * `parley gifts list`, `parley gifts send`, `parley gifts convert`: a person's gifts (ADR 0050):
 * `GET /control/gifts`, `POST /control/gifts/send`, `POST /control/gifts/convert`.
 */
import type { PersonGifts } from '../../testkit/index.js';
import { integerOption, parseCommandArgs, refArgument, requireOption, type Command } from '../command.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import { formatStarBalance } from './stars.js';
import { routeOptions, routeParams } from '../route-options.js';

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

const LIST_OPTIONS = {
  ...CLIENT_OPTIONS,
  user: { type: 'string' },
  'sort-by-price': { type: 'boolean' },
  offset: { type: 'string' },
  limit: { type: 'string' },
} as const;

export const giftsListCommand: Command = {
  name: 'gifts list',
  summary: "show a person's gifts (with owned_gift_id)",
  help: `Usage: parley gifts list --user USER [--sort-by-price] [--offset OFFSET] [--limit N] [--json]

Prints the gifts the person owns as they see them: each with its owned_gift_id (for
\`parley gifts convert\`), newest first; and when a gifted Premium subscription ends.

Options:
  --user USER          the person: a phone number (+15550001), a user id or @username (required)
  --sort-by-price      most expensive first
  --offset OFFSET      next_offset of a previous page
  --limit N            1-100 (default 100)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, LIST_OPTIONS);
    const user = refArgument(requireOption(values.user, '--user', this.name));
    const limit = integerOption(values.limit, '--limit', this.name, 1);
    const result = await withClient(values, ctx, (client) =>
      client.listGifts({
        user,
        sort_by_price: values['sort-by-price'] ?? false,
        ...(values.offset !== undefined ? { offset: values.offset } : {}),
        ...(limit !== undefined ? { limit } : {}),
      }),
    );
    printResult(ctx, values.json, result, formatGifts);
    return 0;
  },
};

const SEND_OPTIONS = {
  ...CLIENT_OPTIONS,
  user: { type: 'string' },
  to: { type: 'string' },
  gift: { type: 'string' },
  text: { type: 'string' },
  private: { type: 'boolean' },
  'pay-for-upgrade': { type: 'boolean' },
} as const;

export const giftsSendCommand: Command = {
  name: 'gifts send',
  summary: 'send a gift of the catalogue to another person, paying in Stars',
  help: `Usage: parley gifts send --user USER --to USER --gift GIFT_ID [--text TEXT] [--private]
                         [--pay-for-upgrade] [--json]

The sender pays the gift's price from their Stars; the receiver gets a gift service message and
may keep the gift or convert it to Stars. GIFT_ID is an id of getAvailableGifts.

Options:
  --user USER          the sender (required)
  --to USER            the receiver (required)
  --gift GIFT_ID       the gift (required)
  --text TEXT          shown with the gift (0-128 characters)
  --private            sender and text shown to the receiver only
  --pay-for-upgrade    also pay the upgrade to a unique gift

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, SEND_OPTIONS);
    const user = refArgument(requireOption(values.user, '--user', this.name));
    const to = refArgument(requireOption(values.to, '--to', this.name));
    const giftId = requireOption(values.gift, '--gift', this.name);
    const message = await withClient(values, ctx, (client) =>
      client.giveGift({
        user,
        to,
        gift_id: giftId,
        ...(values.text !== undefined ? { text: values.text } : {}),
        is_private: values.private ?? false,
        pay_for_upgrade: values['pay-for-upgrade'] ?? false,
      }),
    );
    printResult(ctx, values.json, message, (sent) => `sent gift ${giftId}: message ${sent.message_id}`);
    return 0;
  },
};

const CONVERT_GIFT = { owned_gift_id: 'gift' } as const;
const CONVERT_OPTIONS = { ...CLIENT_OPTIONS, ...routeOptions('convertGift', CONVERT_GIFT) } as const;

export const giftsConvertCommand: Command = {
  name: 'gifts convert',
  summary: 'convert a received gift to Stars',
  help: `Usage: parley gifts convert --user USER --gift OWNED_GIFT_ID [--json]

The gift's convert_star_count Stars go to the person's balance (printed); the gift is gone. Gifts
sent by bots cannot be converted.

Options:
  --user USER              the person (required)
  --gift OWNED_GIFT_ID     owned_gift_id from \`parley gifts list\` (required)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, CONVERT_OPTIONS);
    const params = routeParams('convertGift', values, this.name, CONVERT_GIFT);
    const balance = await withClient(values, ctx, (client) => client.convertGift(params));
    printResult(ctx, values.json, balance, formatStarBalance);
    return 0;
  },
};
