/** `parley wait`: `POST /control/wait`, the next message a user receives in a chat. */
import { integerOption, parseCommandArgs, refArgument, requireOption, type Command } from '../command.js';
import { formatMessage, printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

const OPTIONS = {
  ...CLIENT_OPTIONS,
  user: { type: 'string' },
  chat: { type: 'string' },
  timeout: { type: 'string' },
  after: { type: 'string' },
} as const;

export const waitCommand: Command = {
  name: 'wait',
  summary: 'wait for the next message a user receives in a chat',
  help: `Usage: parley wait --user USER --chat CHAT [--timeout SECONDS] [--after ID] [--json]

Waits for the next message another party sends to the user in the chat and prints it:
[#<id> from <sender>] <text>. Each wait returns a message only once, so "parley send" then
"parley wait" finds the answer even if the bot replied before the wait began.
Exits with code 1 (WAIT_TIMEOUT) if none arrives in time.

Options:
  --user USER          a phone number (+15550001), a user id or @username (required)
  --chat CHAT          @username of a bot (the private chat with it) or a chat id (required)
  --timeout SECONDS    how long to wait, at most 300 (default 10)
  --after ID           the first message with a greater id, whatever earlier waits returned

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, OPTIONS);
    const user = refArgument(requireOption(values.user, '--user', this.name));
    const chat = refArgument(requireOption(values.chat, '--chat', this.name));
    const timeout = integerOption(values.timeout, '--timeout', this.name, 0);
    const after = integerOption(values.after, '--after', this.name, 0);
    const message = await withClient(values, ctx, (client) =>
      client.waitForMessage({ user, chat, timeout, after_message_id: after }),
    );
    printResult(ctx, values.json, message, formatMessage);
    return 0;
  },
};
