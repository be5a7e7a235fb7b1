/** `parley vote`: `POST /control/polls/vote`, a user votes in a poll. */
import { usageError } from '../cli-error.js';
import { integerOption, parseCommandArgs, type Command, messageOptions } from '../command.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

// Hand-written for now: --retract sets an empty option_ids; derivable (a list, `set`), not moved yet.
const OPTIONS = {
  ...CLIENT_OPTIONS,
  user: { type: 'string' },
  chat: { type: 'string' },
  message: { type: 'string' },
  option: { type: 'string', multiple: true },
  retract: { type: 'boolean' },
} as const;

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
  help: `Usage: parley vote --user USER --chat CHAT --message ID (--option N ... | --retract) [--json]

Votes for the options with these 0-based indexes (repeat --option for polls with multiple answers),
or retracts the vote, and prints the poll's counts.

Options:
  --user USER          the voter: a phone number (+15550001), a user id or @username (required)
  --chat CHAT          @username of the bot (the private chat with it) or a chat id (required)
  --message ID         the id of the message that carries the poll (required)
  --option N           an option's index, from 0
  --retract            take the vote back

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, OPTIONS);
    const { user, chat, messageId } = messageOptions(values, this.name);
    const options = (values.option ?? []).map((o) => integerOption(o, '--option', this.name, 0)!);
    if (options.length === 0 && !values.retract) throw usageError('give --option N or --retract', this.name);
    const poll = await withClient(values, ctx, (client) =>
      client.votePoll({ user, chat, message_id: messageId, option_ids: values.retract ? [] : options }),
    );
    printResult(ctx, values.json, poll, formatPoll);
    return 0;
  },
};
