/**
 * `parley giveaway start`: `POST /control/giveaways`, an administrator of a channel or supergroup
 * starts a giveaway there (ADR 0056); at its date on the virtual clock Parley draws the winners.
 */
import type { GiveawayRecord } from '../../testkit/index.js';
import { usageError } from '../cli-error.js';
import { parseCommandArgs, type Command } from '../command.js';
import { printResult } from '../output.js';
import { routeCli } from '../route-options.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

/** Not offered: country_codes, which restrict nobody on Parley (its people have no country). */
const START = routeCli('startGiveaway', {
  flags: {
    winner_count: 'winners',
    until_date: 'until',
    prize_star_count: 'stars',
    premium_subscription_month_count: 'premium-months',
    prize_description: 'prize',
    has_public_winners: 'public-winners',
  },
  omit: ['country_codes'],
  metavars: { until_date: 'UNIX', prize_description: 'TEXT' },
});
const OPTIONS = { ...CLIENT_OPTIONS, ...START.options } as const;

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
  options: OPTIONS,
  routes: [START],
  help: `Usage: parley giveaway start --user USER --chat CHAT --winners N --until UNIX
                              (--stars N | --premium-months 3|6|12) [--prize TEXT]
                              [--only-new-members] [--public-winners] [--json]

Posts giveaway_created and the giveaway message in the chat; at --until (virtual clock) Parley
draws the winners among the chat's people, pays Stars prizes, gives each winner a boost and posts
giveaway_winners (--public-winners) or giveaway_completed. Stars come from the user's balance.

Options:
${START.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, OPTIONS);
    const { values } = parsed;
    const params = await START.params(parsed, this.name);
    if ((params.prize_star_count === undefined) === (params.premium_subscription_month_count === undefined)) {
      throw usageError('give one of --stars and --premium-months', this.name);
    }
    const giveaway = await withClient(values, ctx, (client) => client.startGiveaway(params));
    printResult(ctx, values.json, giveaway, formatGiveaway);
    return 0;
  },
};
