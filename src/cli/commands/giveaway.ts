/**
 * `parley giveaway start`: `POST /control/giveaways`, an administrator of a channel or supergroup
 * starts a giveaway there (ADR 0056); at its date on the virtual clock Parley draws the winners.
 */
import type { GiveawayRecord } from '../../testkit/index.js';
import { usageError } from '../cli-error.js';
import { integerOption, parseCommandArgs, refArgument, requireOption, type Command } from '../command.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

// Hand-written for now: --stars/--premium-months are exclusive and renamed; derivable with flags, not moved yet.
const OPTIONS = {
  ...CLIENT_OPTIONS,
  user: { type: 'string' },
  chat: { type: 'string' },
  winners: { type: 'string' },
  until: { type: 'string' },
  stars: { type: 'string' },
  'premium-months': { type: 'string' },
  prize: { type: 'string' },
  'only-new-members': { type: 'boolean' },
  'public-winners': { type: 'boolean' },
} as const;

/** `giveaway <id> in chat -100… (message #5): 3 winners at <date>, 300 Stars; pending` */
export function formatGiveaway(giveaway: GiveawayRecord): string {
  const prize =
    giveaway.prize_star_count !== undefined
      ? `${giveaway.prize_star_count} Stars`
      : `${giveaway.premium_subscription_month_count} months of Premium`;
  const when = new Date(giveaway.winners_selection_date * 1000).toISOString();
  return `giveaway ${giveaway.id} in chat ${giveaway.chat_id} (message #${giveaway.message_id}): ${giveaway.winner_count} winners at ${when}, ${prize}; ${giveaway.state}`;
}

export const giveawayStartCommand: Command = {
  name: 'giveaway start',
  summary: 'start a giveaway in a channel or supergroup as its administrator',
  help: `Usage: parley giveaway start --user USER --chat CHAT --winners N --until UNIX
                              (--stars N | --premium-months 3|6|12) [--prize TEXT]
                              [--only-new-members] [--public-winners] [--json]

Posts giveaway_created and the giveaway message in the chat; at --until (virtual clock) Parley
draws the winners among the chat's people, pays Stars prizes, gives each winner a boost and posts
giveaway_winners (--public-winners) or giveaway_completed. Stars come from the user's balance.

Options:
  --user USER            an administrator or the owner of the chat (required)
  --chat CHAT            the channel's or supergroup's id or @username (required)
  --winners N            1-100 (required)
  --until UNIX           when the winners are drawn, Unix seconds (required)
  --stars N              a Stars giveaway: the Stars shared among the winners
  --premium-months N     a Premium giveaway: 3, 6 or 12 months
  --prize TEXT           an additional prize
  --only-new-members     only people who join after the start may win
  --public-winners       post the winners

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, OPTIONS);
    const user = refArgument(requireOption(values.user, '--user', this.name));
    const chat = refArgument(requireOption(values.chat, '--chat', this.name));
    const winners = integerOption(
      requireOption(values.winners, '--winners', this.name),
      '--winners',
      this.name,
      1,
    )!;
    const until = integerOption(requireOption(values.until, '--until', this.name), '--until', this.name, 1)!;
    const stars = integerOption(values.stars, '--stars', this.name, 1);
    const months = integerOption(values['premium-months'], '--premium-months', this.name, 1);
    if ((stars === undefined) === (months === undefined)) {
      throw usageError('give one of --stars and --premium-months', this.name);
    }
    const giveaway = await withClient(values, ctx, (client) =>
      client.startGiveaway({
        user,
        chat,
        winner_count: winners,
        until_date: until,
        ...(stars !== undefined ? { prize_star_count: stars } : {}),
        ...(months !== undefined ? { premium_subscription_month_count: months } : {}),
        ...(values.prize !== undefined ? { prize_description: values.prize } : {}),
        only_new_members: values['only-new-members'] ?? false,
        has_public_winners: values['public-winners'] ?? false,
      }),
    );
    printResult(ctx, values.json, giveaway, formatGiveaway);
    return 0;
  },
};
