/** `parley press`: `POST /control/press`, a user presses an inline button and sees the answer. */
import type { PressResult } from '../../testkit/index.js';
import { integerOption, parseCommandArgs, requireOption, type Command, messageOptions } from '../command.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

const OPTIONS = {
  ...CLIENT_OPTIONS,
  user: { type: 'string' },
  chat: { type: 'string' },
  message: { type: 'string' },
  button: { type: 'string' },
  timeout: { type: 'string' },
} as const;

/** `alert: Done!`, `notification: Saved`, `opens https://...`, or `(no answer)`. */
export function formatPress(result: PressResult): string {
  if (result.url !== undefined && result.query_id === undefined) return `opens ${result.url}`;
  if (!result.answered) return '(no answer)';
  if (result.url !== undefined) return `opens ${result.url}`;
  if (result.text === undefined || result.text === '') return '(answered without text)';
  return `${result.show_alert ? 'alert' : 'notification'}: ${result.text}`;
}

export const pressCommand: Command = {
  name: 'press',
  summary: "press an inline button of a bot's message as a user",
  help: `Usage: parley press --user USER --chat CHAT --message ID --button TEXT [--timeout SECONDS] [--json]

Presses the inline button with that text and prints the callback answer the user sees, if any:
"notification: <text>", "alert: <text>", "opens <url>" or "(no answer)" when the bot did not answer
within the timeout.

Options:
  --user USER          the user: a phone number (+15550001), a user id or @username (required)
  --chat CHAT          @username of the bot (the private chat with it) or a chat id (required)
  --message ID         the id of the message that carries the button (required)
  --button TEXT        the button's text (required)
  --timeout SECONDS    how long to wait for the bot's answer (default 10, at most 300)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, OPTIONS);
    const { user, chat, messageId } = messageOptions(values, this.name);
    const button = requireOption(values.button, '--button', this.name);
    const timeout = integerOption(values.timeout, '--timeout', this.name, 0);
    const result = await withClient(values, ctx, (client) =>
      client.pressButton({ user, chat, message_id: messageId, button, timeout }),
    );
    printResult(ctx, values.json, result, formatPress);
    return 0;
  },
};
