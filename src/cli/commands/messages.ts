/** `parley messages`: `GET /control/messages`, a chat's history as a user sees it. */
import { parseCommandArgs, type Command } from '../command.js';
import { routeCli } from '../route-options.js';
import { formatMessages, printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

const LIST = routeCli('listMessages');
const OPTIONS = { ...CLIENT_OPTIONS, ...LIST.options } as const;

export const messagesCommand: Command = {
  name: 'messages',
  summary: 'list the messages of a chat as a user sees them',
  options: OPTIONS,
  routes: [LIST],
  help: `Usage: parley messages --user USER --chat CHAT [--limit N] [--json]

Prints the newest messages of a chat as the user sees them, oldest first, one per line:
[#<id> from <sender>] <text>. With --json, an array.

Options:
${LIST.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, OPTIONS);
    const { values } = parsed;
    const params = await LIST.params(parsed, this.name);
    const messages = await withClient(values, ctx, (client) => client.listMessages(params));
    printResult(ctx, values.json, messages, formatMessages);
    return 0;
  },
};
