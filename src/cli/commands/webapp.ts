/**
 * `parley webapp open` and `parley webapp send-data`: a user opens a bot's Mini App and gets its
 * signed launch data (`POST /control/web-apps/open`), or sends data from the Mini App of a reply
 * keyboard's button (`POST /control/web-apps/send-data`). docs/mini-apps.md.
 */
import type { WebAppLaunch } from '../../testkit/index.js';
import { usageError } from '../cli-error.js';
import { integerOption, parseCommandArgs, refArgument, requireOption, type Command } from '../command.js';
import { formatMessage, printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

// Hand-written for now: --message and --button go together, --bot unless --join-request-chat; not moved yet.
const OPEN_OPTIONS = {
  ...CLIENT_OPTIONS,
  user: { type: 'string' },
  bot: { type: 'string' },
  message: { type: 'string' },
  button: { type: 'string' },
  'join-request-chat': { type: 'string' },
} as const;

/** `url` then the launch data, and the query id when the app has one. */
export function formatWebAppLaunch(launch: WebAppLaunch): string {
  const lines = [`${launch.source}: ${launch.url}`, `init_data: ${launch.init_data || '(empty)'}`];
  if (launch.query_id) lines.push(`query_id: ${launch.query_id}`);
  return lines.join('\n');
}

export const webappOpenCommand: Command = {
  name: 'webapp open',
  summary: "open a bot's Mini App as a user and show its signed launch data",
  help: `Usage: parley webapp open --user USER --bot BOT [--message ID --button TEXT] [--json]
       parley webapp open --user USER --join-request-chat CHAT [--json]

Opens the Mini App of the bot's menu button in the user's private chat with it, or of the web_app
button TEXT of message ID of that chat, or the Mini App the bot showed for the user's join request
to CHAT. Prints the app's URL and the launch data (Telegram.WebApp.initData), signed with the bot's
token ("hash") and with the server's Ed25519 key ("signature"); see docs/mini-apps.md.

Options:
  --user USER               the user: a phone number (+15550001), a user id or @username (required)
  --bot BOT                 the bot's @username or id (required without --join-request-chat)
  --message ID              a message of the private chat with the bot that has the button
  --button TEXT             the text of its web_app button (with --message)
  --join-request-chat CHAT  the chat of the user's join request (its id or @username)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, OPEN_OPTIONS);
    const user = refArgument(requireOption(values.user, '--user', this.name));
    const joinChat = values['join-request-chat'];
    const messageId = integerOption(values.message, '--message', this.name, 1);
    if ((messageId === undefined) !== (values.button === undefined)) {
      throw usageError('--message and --button go together', this.name);
    }
    const bot =
      joinChat === undefined ? refArgument(requireOption(values.bot, '--bot', this.name)) : undefined;
    const launch = await withClient(values, ctx, (client) =>
      client.openWebApp({
        user,
        bot,
        message_id: messageId,
        button: values.button,
        join_request_chat: joinChat === undefined ? undefined : refArgument(joinChat),
      }),
    );
    printResult(ctx, values.json, launch, formatWebAppLaunch);
    return 0;
  },
};

// Hand-written for now: derivable as is, not moved yet.
const SEND_DATA_OPTIONS = {
  ...CLIENT_OPTIONS,
  user: { type: 'string' },
  bot: { type: 'string' },
  button: { type: 'string' },
  data: { type: 'string' },
} as const;

export const webappSendDataCommand: Command = {
  name: 'webapp send-data',
  summary: "send data to a bot from the Mini App of its reply keyboard's button",
  help: `Usage: parley webapp send-data --user USER --bot BOT --button TEXT --data DATA [--json]

The button must be a web_app button of the reply keyboard the bot shows the user now. The bot gets
a "web_app_data" service message from the user (Telegram.WebApp.sendData); prints it.

Options:
  --user USER      the user: a phone number (+15550001), a user id or @username (required)
  --bot BOT        the bot's @username or id (required)
  --button TEXT    the text of the web_app keyboard button (required)
  --data DATA      what the Mini App sends, 1-4096 bytes (required)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, SEND_DATA_OPTIONS);
    const user = refArgument(requireOption(values.user, '--user', this.name));
    const bot = refArgument(requireOption(values.bot, '--bot', this.name));
    const button = requireOption(values.button, '--button', this.name);
    const data = requireOption(values.data, '--data', this.name);
    const message = await withClient(values, ctx, (client) =>
      client.sendWebAppData({ user, bot, button, data }),
    );
    printResult(ctx, values.json, message, formatMessage);
    return 0;
  },
};
