/** `parley bot create` and `parley bot get`: `POST /control/bots`, `GET /control/bots/{USER_REF}`. */
import { parseCommandArgs, type Command } from '../command.js';
import { usageError } from '../cli-error.js';
import { formatBot, printResult } from '../output.js';
import { routeCli } from '../route-options.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

/**
 * Not offered: can_join_groups (true unless set false, which a flag cannot say) and
 * can_read_all_group_messages (privacy mode: `parley bot privacy`).
 */
const CREATE = routeCli('createBot', {
  flags: { supports_inline_queries: 'inline', inline_placeholder: 'placeholder' },
  omit: ['can_join_groups', 'can_read_all_group_messages'],
  bare: ['username'],
  metavars: { username: 'NAME_bot', first_name: 'NAME', inline_placeholder: 'TEXT' },
});
const CREATE_OPTIONS = { ...CLIENT_OPTIONS, ...CREATE.options } as const;

export const botCreateCommand: Command = {
  name: 'bot create',
  summary: 'create a bot and print its token',
  options: CREATE_OPTIONS,
  routes: [CREATE],
  help: `Usage: parley bot create --username NAME_bot [--first-name NAME]
                         [--inline [--placeholder TEXT]] [--json]

Creates a bot and prints it with its Bot API token: bot <id> @<username> token <token>.

Options:
${CREATE.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, CREATE_OPTIONS);
    const { values } = parsed;
    const params = await CREATE.params(parsed, this.name);
    if (values.placeholder !== undefined && !values.inline) {
      throw usageError('--placeholder needs --inline', this.name);
    }
    const bot = await withClient(values, ctx, (client) => client.createBot(params));
    printResult(ctx, values.json, bot, formatBot);
    return 0;
  },
};

const GET = routeCli('getBot', { subject: 'ref', metavars: { ref: 'BOT' } });
const GET_OPTIONS = { ...CLIENT_OPTIONS, ...GET.options } as const;

export const botGetCommand: Command = {
  name: 'bot get',
  summary: 'show a bot and its token',
  options: GET_OPTIONS,
  routes: [GET],
  help: `Usage: parley bot get BOT [--json]

Prints a bot with its Bot API token: bot <id> @<username> token <token>.
BOT is the bot's id or @username.

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, GET_OPTIONS, GET.positionals);
    const { values } = parsed;
    const params = await GET.params(parsed, this.name);
    const bot = await withClient(values, ctx, (client) => client.getBot(params.ref));
    printResult(ctx, values.json, bot, formatBot);
    return 0;
  },
};
