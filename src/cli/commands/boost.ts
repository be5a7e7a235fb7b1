/** `parley boost`: `POST /control/boosts`, a user boosts a channel or supergroup (ADR 0044). */
import type { BoostResult } from '../../testkit/index.js';
import { parseCommandArgs, type Command } from '../command.js';
import { routeCli } from '../route-options.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

const BOOST = routeCli('boostChat');
const OPTIONS = { ...CLIENT_OPTIONS, ...BOOST.options } as const;

/** `boosted chat -100…: boost <id> until <date>; 1 boost` */
export function formatBoost(result: BoostResult): string {
  const change = result.added
    ? `boost ${result.added.boost_id} until ${new Date(result.added.expiration_date * 1000).toISOString()}`
    : `removed ${result.removed?.length ?? 0} boost(s)`;
  return `chat ${result.chat_id}: ${change}; ${result.boosts.length} active`;
}

export const boostCommand: Command = {
  name: 'boost',
  summary: 'boost a channel or supergroup as a user (or remove the boosts)',
  options: OPTIONS,
  routes: [BOOST],
  help: `Usage: parley boost --user USER --chat CHAT [--remove] [--json]

Adds one boost of the user to the chat (30 days of virtual time; at most 4 at once per user): the
chat's administrator bots get chat_boost, and supergroup members see a boost_added message. With
--remove, the user's boosts of the chat are removed and the bots get removed_chat_boost.

Options:
${BOOST.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, OPTIONS);
    const { values } = parsed;
    const params = await BOOST.params(parsed, this.name);
    const result = await withClient(values, ctx, (client) => client.boostChat(params));
    printResult(ctx, values.json, result, formatBoost);
    return 0;
  },
};
