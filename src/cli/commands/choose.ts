/** `parley choose`: `POST /control/inline/choose`, a user chooses an inline query result. */
import type { ChosenInlineResult } from '../../testkit/index.js';
import { parseCommandArgs, type Command } from '../command.js';
import { routeCli } from '../route-options.js';
import { formatMessage, printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

const CHOOSE = routeCli('chooseInlineResult', {
  flags: { result_id: 'result' },
  metavars: { query_id: 'ID', result_id: 'ID' },
});
const OPTIONS = { ...CLIENT_OPTIONS, ...CHOOSE.options } as const;

export const chooseCommand: Command = {
  name: 'choose',
  summary: 'choose a result of an inline query as a user',
  options: OPTIONS,
  routes: [CHOOSE],
  help: `Usage: parley choose --user USER --query-id ID --result ID [--json]

Chooses a result of the user's inline query (see "parley inline"): its message is sent, via the bot,
into the chat where the user typed the query, and the bot gets chosen_inline_result. Prints the
message as the user sees it.

Options:
${CHOOSE.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, OPTIONS);
    const { values } = parsed;
    const params = await CHOOSE.params(parsed, this.name);
    const chosen = await withClient(values, ctx, (client) => client.chooseInlineResult(params));
    printResult(ctx, values.json, chosen, (c: ChosenInlineResult) => formatMessage(c.message));
    return 0;
  },
};
