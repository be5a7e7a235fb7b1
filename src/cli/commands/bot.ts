/** `parley bot create` and `parley bot get`: `POST /control/bots`, `GET /control/bots/{USER_REF}`. */
import { bareUsername, parseCommandArgs, refArgument, requireOption, type Command } from '../command.js';
import { usageError } from '../cli-error.js';
import { formatBot, printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

// Hand-written for now: --inline/--placeholder rename two parameters and --placeholder needs --inline; derivable (flags, bare, omit), not moved yet.
const CREATE_OPTIONS = {
  ...CLIENT_OPTIONS,
  username: { type: 'string' },
  'first-name': { type: 'string' },
  inline: { type: 'boolean' },
  placeholder: { type: 'string' },
} as const;

export const botCreateCommand: Command = {
  name: 'bot create',
  summary: 'create a bot and print its token',
  help: `Usage: parley bot create --username NAME_bot [--first-name NAME]
                         [--inline [--placeholder TEXT]] [--json]

Creates a bot and prints it with its Bot API token: bot <id> @<username> token <token>.

Options:
  --username NAME_bot  ends in "bot", 5-32 characters, without or with the @ (required)
  --first-name NAME    the display name (default: the username)
  --inline             inline mode on (BotFather's /setinline): people may type @NAME_bot
                       in any chat, and the bot gets inline_query updates
  --placeholder TEXT   with --inline, the hint shown after @NAME_bot (1-64 characters)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, CREATE_OPTIONS);
    const username = bareUsername(requireOption(values.username, '--username', this.name))!;
    if (values.placeholder !== undefined && !values.inline) {
      throw usageError('--placeholder needs --inline', this.name);
    }
    const bot = await withClient(values, ctx, (client) =>
      client.createBot({
        username,
        first_name: values['first-name'],
        ...(values.inline ? { supports_inline_queries: true } : {}),
        ...(values.placeholder !== undefined ? { inline_placeholder: values.placeholder } : {}),
      }),
    );
    printResult(ctx, values.json, bot, formatBot);
    return 0;
  },
};

export const botGetCommand: Command = {
  name: 'bot get',
  summary: 'show a bot and its token',
  help: `Usage: parley bot get BOT [--json]

Prints a bot with its Bot API token: bot <id> @<username> token <token>.
BOT is the bot's id or @username.

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values, positionals } = parseCommandArgs(this.name, args, CLIENT_OPTIONS, ['BOT']);
    const bot = await withClient(values, ctx, (client) => client.getBot(refArgument(positionals[0]!)));
    printResult(ctx, values.json, bot, formatBot);
    return 0;
  },
};
