/** `parley stars grant` and `parley stars balance`: `POST /control/stars/grant`, `GET /control/stars/balance`. */
import type { StarBalance } from '../../testkit/index.js';
import { usageError } from '../cli-error.js';
import { parseCommandArgs, type Command } from '../command.js';
import { routeCli } from '../route-options.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

/** `balance of 123456: 75 Stars` (with the nanostar part when there is one). */
export function formatStarBalance(balance: StarBalance): string {
  const nanos = balance.nanostar_amount ? ` and ${balance.nanostar_amount} nanostars` : '';
  return `balance of ${balance.user_id}: ${balance.amount} Stars${nanos}`;
}

const GRANT = routeCli('grantStars');
const GRANT_OPTIONS = { ...CLIENT_OPTIONS, ...GRANT.options } as const;

export const starsGrantCommand: Command = {
  name: 'stars grant',
  summary: 'give a person Stars',
  options: GRANT_OPTIONS,
  routes: [GRANT],
  help: `Usage: parley stars grant --user USER --amount N [--json]

Gives the person N Stars (as if they bought them) and prints their balance.

Options:
${GRANT.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, GRANT_OPTIONS);
    const { values } = parsed;
    const params = await GRANT.params(parsed, this.name);
    const balance = await withClient(values, ctx, (client) => client.grantStars(params));
    printResult(ctx, values.json, balance, formatStarBalance);
    return 0;
  },
};

const BALANCE = routeCli('getStarBalance');
const BALANCE_OPTIONS = { ...CLIENT_OPTIONS, ...BALANCE.options } as const;

export const starsBalanceCommand: Command = {
  name: 'stars balance',
  summary: 'show the Stars of a person or a bot',
  options: BALANCE_OPTIONS,
  routes: [BALANCE],
  help: `Usage: parley stars balance (--user USER | --bot @BOT_USERNAME) [--json]

Prints the Stars balance of a person or a bot.

Options:
${BALANCE.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, BALANCE_OPTIONS);
    const { values } = parsed;
    if ((values.user === undefined) === (values.bot === undefined)) {
      throw usageError('give either --user or --bot', this.name);
    }
    const params = await BALANCE.params(parsed, this.name);
    const balance = await withClient(values, ctx, (client) => client.getStarBalance(params));
    printResult(ctx, values.json, balance, formatStarBalance);
    return 0;
  },
};
