/** `parley send`: `POST /control/messages`, a user writes in a chat. */
import { usageError } from '../cli-error.js';
import { integerOption, parseCommandArgs, refArgument, requireOption, type Command } from '../command.js';
import { formatMessage, printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

const OPTIONS = {
  ...CLIENT_OPTIONS,
  from: { type: 'string' },
  to: { type: 'string' },
  text: { type: 'string' },
  'reply-to': { type: 'string' },
} as const;

export const sendCommand: Command = {
  name: 'send',
  summary: 'send a message as a user',
  help: `Usage: parley send --from USER --to CHAT --text TEXT [--reply-to ID] [--json]

Sends a message as a user and prints it as the sender sees it: [#<id> from <sender>] <text>.

Options:
  --from USER          the sender: a phone number (+15550001), a user id or @username (required)
  --to CHAT            @username of a bot (the private chat with it) or a chat id (required)
  --text TEXT          1-4096 characters (required); for a text starting with "-", --text=TEXT
  --reply-to ID        the id of the message this one replies to

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, OPTIONS);
    const from = refArgument(requireOption(values.from, '--from', this.name));
    const chat = refArgument(requireOption(values.to, '--to', this.name));
    // Only its presence is checked here: an empty text is the server's to refuse (MESSAGE_TEXT_INVALID).
    const text = values.text;
    if (text === undefined) throw usageError('missing --text', this.name);
    const replyTo = integerOption(values['reply-to'], '--reply-to', this.name, 1);
    const message = await withClient(values, ctx, (client) =>
      client.sendMessage({ from, chat, text, reply_to_message_id: replyTo }),
    );
    printResult(ctx, values.json, message, formatMessage);
    return 0;
  },
};
