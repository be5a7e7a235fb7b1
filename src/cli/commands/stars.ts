/** `parley stars grant` and `parley stars balance`: `POST /control/stars/grant`, `GET /control/stars/balance`. */
import type { StarBalance } from '../../testkit/index.js';
import { usageError } from '../cli-error.js';
import { parseCommandArgs, type Command } from '../command.js';
import { routeOptions, routeParams } from '../route-options.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

/** `balance of 123456: 75 Stars` (with the nanostar part when there is one). */
export function formatStarBalance(balance: StarBalance): string {
  const nanos = balance.nanostar_amount ? ` and ${balance.nanostar_amount} nanostars` : '';
  return `balance of ${balance.user_id}: ${balance.amount} Stars${nanos}`;
}

const GRANT_OPTIONS = { ...CLIENT_OPTIONS, ...routeOptions('grantStars') } as const;

export const starsGrantCommand: Command = {
  name: 'stars grant',
  summary: 'give a person Stars',
  help: `Usage: parley stars grant --user USER --amount N [--json]

Gives the person N Stars (as if they bought them) and prints their balance.

Options:
  --user USER          the person: a phone number (+15550001), a user id or @username (required)
  --amount N           whole Stars, 1-1000000 (required)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, GRANT_OPTIONS);
    const params = routeParams('grantStars', values, this.name);
    const balance = await withClient(values, ctx, (client) => client.grantStars(params));
    printResult(ctx, values.json, balance, formatStarBalance);
    return 0;
  },
};

const BALANCE_OPTIONS = { ...CLIENT_OPTIONS, ...routeOptions('getStarBalance') } as const;

export const starsBalanceCommand: Command = {
  name: 'stars balance',
  summary: 'show the Stars of a person or a bot',
  help: `Usage: parley stars balance (--user USER | --bot @BOT_USERNAME) [--json]

Prints the Stars balance of a person or a bot.

Options:
  --user USER          the person: a phone number, a user id or @username
  --bot BOT            the bot's @username or id

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, BALANCE_OPTIONS);
    if ((values.user === undefined) === (values.bot === undefined)) {
      throw usageError('give either --user or --bot', this.name);
    }
    const params = routeParams('getStarBalance', values, this.name);
    const balance = await withClient(values, ctx, (client) => client.getStarBalance(params));
    printResult(ctx, values.json, balance, formatStarBalance);
    return 0;
  },
};
