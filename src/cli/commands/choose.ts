/** `parley choose`: `POST /control/inline/choose`, a user chooses an inline query result. */
import type { ChosenInlineResult } from '../../testkit/index.js';
import { parseCommandArgs, refArgument, requireOption, type Command } from '../command.js';
import { formatMessage, printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

const OPTIONS = {
  ...CLIENT_OPTIONS,
  user: { type: 'string' },
  'query-id': { type: 'string' },
  result: { type: 'string' },
} as const;

export const chooseCommand: Command = {
  name: 'choose',
  summary: 'choose a result of an inline query as a user',
  help: `Usage: parley choose --user USER --query-id ID --result ID [--json]

Chooses a result of the user's inline query (see "parley inline"): its message is sent, via the bot,
into the chat where the user typed the query, and the bot gets chosen_inline_result. Prints the
message as the user sees it.

Options:
  --user USER          the user who typed the query (required)
  --query-id ID        the query id "parley inline" printed (required)
  --result ID          the id of the result (required)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, OPTIONS);
    const user = refArgument(requireOption(values.user, '--user', this.name));
    const queryId = requireOption(values['query-id'], '--query-id', this.name);
    const resultId = requireOption(values.result, '--result', this.name);
    const chosen = await withClient(values, ctx, (client) =>
      client.chooseInlineResult({ user, query_id: queryId, result_id: resultId }),
    );
    printResult(ctx, values.json, chosen, (c: ChosenInlineResult) => formatMessage(c.message));
    return 0;
  },
};
