/** `parley vote`: `POST /control/polls/vote`, a user votes in a poll. */
import { usageError } from '../cli-error.js';
import { parseCommandArgs, type Command } from '../command.js';
import { printResult } from '../output.js';
import { routeHelp } from '../route-help.js';
import { routeCli } from '../route-options.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

/** `--retract` says an empty option_ids, which a repeated option cannot. */
const VOTE = routeCli('votePoll', {
  flags: { message_id: 'message', option_ids: 'option' },
});
const OPTIONS = { ...CLIENT_OPTIONS, ...VOTE.options, retract: { type: 'boolean' } } as const;

/** `poll 5012... closed=false: Yes 3, No 1` */
export function formatPoll(poll: {
  id: string;
  is_closed: boolean;
  options?: Array<{ text: string; voter_count: number }>;
}) {
  const counts = (poll.options ?? []).map((o) => `${o.text} ${o.voter_count}`).join(', ');
  return `poll ${poll.id}${poll.is_closed ? ' (closed)' : ''}: ${counts}`;
}

export const voteCommand: Command = {
  name: 'vote',
  summary: 'vote in a poll as a user',
  options: OPTIONS,
  routes: [VOTE],
  help: `Usage: parley vote --user USER --chat CHAT --message ID (--option N ... | --retract) [--json]

Votes for the options with these 0-based indexes (repeat --option for polls with multiple answers),
or retracts the vote, and prints the poll's counts.

Options:
${routeHelp([VOTE], [['--retract', 'take the vote back (instead of --option)']])}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, OPTIONS);
    const { values } = parsed;
    const none = (values.option ?? []).length === 0;
    const retract = values.retract === true || none;
    const params = await VOTE.params(parsed, this.name, retract ? { set: { option_ids: [] } } : {});
    if (none && !values.retract) throw usageError('give --option N or --retract', this.name);
    const poll = await withClient(values, ctx, (client) => client.votePoll(params));
    printResult(ctx, values.json, poll, formatPoll);
    return 0;
  },
};
