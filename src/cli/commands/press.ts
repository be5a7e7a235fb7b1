/** `parley press`: `POST /control/press`, a user presses an inline button and sees the answer. */
import type { PressResult } from '../../testkit/index.js';
import { parseCommandArgs, type Command } from '../command.js';
import { routeCli } from '../route-options.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

const PRESS = routeCli('pressButton', {
  flags: { message_id: 'message' },
  metavars: { button: 'TEXT', timeout: 'SECONDS' },
});
const OPTIONS = { ...CLIENT_OPTIONS, ...PRESS.options } as const;

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
  options: OPTIONS,
  routes: [PRESS],
  help: `Usage: parley press --user USER --chat CHAT --message ID --button TEXT [--timeout SECONDS] [--json]

Presses the inline button with that text and prints the callback answer the user sees, if any:
"notification: <text>", "alert: <text>", "opens <url>" or "(no answer)" when the bot did not answer
within the timeout.

Options:
${PRESS.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, OPTIONS);
    const { values } = parsed;
    const params = await PRESS.params(parsed, this.name);
    const result = await withClient(values, ctx, (client) => client.pressButton(params));
    printResult(ctx, values.json, result, formatPress);
    return 0;
  },
};
