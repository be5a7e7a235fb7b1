/** `parley messages`: `GET /control/messages`, a chat's history as a user sees it. */
import { integerOption, parseCommandArgs, refArgument, requireOption, type Command } from '../command.js';
import { formatMessages, printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

const OPTIONS = {
  ...CLIENT_OPTIONS,
  user: { type: 'string' },
  chat: { type: 'string' },
  limit: { type: 'string' },
} as const;

export const messagesCommand: Command = {
  name: 'messages',
  summary: 'list the messages of a chat as a user sees them',
  help: `Usage: parley messages --user USER --chat CHAT [--limit N] [--json]

Prints the newest messages of a chat as the user sees them, oldest first, one per line:
[#<id> from <sender>] <text>. With --json, an array.

Options:
  --user USER          a phone number (+15550001), a user id or @username (required)
  --chat CHAT          @username of a bot (the private chat with it) or a chat id (required)
  --limit N            how many, 1-100 (default 100)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, OPTIONS);
    const user = refArgument(requireOption(values.user, '--user', this.name));
    const chat = refArgument(requireOption(values.chat, '--chat', this.name));
    const limit = integerOption(values.limit, '--limit', this.name, 1);
    const messages = await withClient(values, ctx, (client) => client.listMessages({ user, chat, limit }));
    printResult(ctx, values.json, messages, formatMessages);
    return 0;
  },
};
