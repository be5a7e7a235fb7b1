/**
 * `parley webapp open` and `parley webapp send-data`: a user opens a bot's Mini App and gets its
 * signed launch data (`POST /control/web-apps/open`), or sends data from the Mini App of a reply
 * keyboard's button (`POST /control/web-apps/send-data`). docs/mini-apps.md.
 */
import type { WebAppLaunch } from '../../testkit/index.js';
import { usageError } from '../cli-error.js';
import { parseCommandArgs, requireOption, type Command } from '../command.js';
import { formatMessage, printResult } from '../output.js';
import { routeCli } from '../route-options.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

/** Checked here: --message and --button go together; --bot is needed unless --join-request-chat. */
const OPEN = routeCli('openWebApp', {
  flags: { message_id: 'message' },
  metavars: { button: 'TEXT' },
});
const OPEN_OPTIONS = { ...CLIENT_OPTIONS, ...OPEN.options } as const;

/** `url` then the launch data, and the query id when the app has one. */
export function formatWebAppLaunch(launch: WebAppLaunch): string {
  const lines = [`${launch.source}: ${launch.url}`, `init_data: ${launch.init_data || '(empty)'}`];
  if (launch.query_id) lines.push(`query_id: ${launch.query_id}`);
  return lines.join('\n');
}

export const webappOpenCommand: Command = {
  name: 'webapp open',
  summary: "open a bot's Mini App as a user and show its signed launch data",
  options: OPEN_OPTIONS,
  routes: [OPEN],
  help: `Usage: parley webapp open --user USER --bot BOT [--message ID --button TEXT] [--json]
       parley webapp open --user USER --join-request-chat CHAT [--json]

Opens the Mini App of the bot's menu button in the user's private chat with it, or of the web_app
button TEXT of message ID of that chat, or the Mini App the bot showed for the user's join request
to CHAT. Prints the app's URL and the launch data (Telegram.WebApp.initData), signed with the bot's
token ("hash") and with the server's Ed25519 key ("signature"); see docs/mini-apps.md.

Options:
${OPEN.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, OPEN_OPTIONS);
    const { values } = parsed;
    const byJoinRequest = values['join-request-chat'] !== undefined;
    // A join request's Mini App is the bot's that the request names: --bot is not sent with it.
    const params = await OPEN.params(parsed, this.name, byJoinRequest ? { set: { bot: undefined } } : {});
    if ((params.message_id === undefined) !== (params.button === undefined)) {
      throw usageError('--message and --button go together', this.name);
    }
    if (!byJoinRequest) requireOption(values.bot, '--bot', this.name);
    const launch = await withClient(values, ctx, (client) => client.openWebApp(params));
    printResult(ctx, values.json, launch, formatWebAppLaunch);
    return 0;
  },
};

const SEND_DATA = routeCli('sendWebAppData', { metavars: { button: 'TEXT' } });
const SEND_DATA_OPTIONS = { ...CLIENT_OPTIONS, ...SEND_DATA.options } as const;

export const webappSendDataCommand: Command = {
  name: 'webapp send-data',
  summary: "send data to a bot from the Mini App of its reply keyboard's button",
  options: SEND_DATA_OPTIONS,
  routes: [SEND_DATA],
  help: `Usage: parley webapp send-data --user USER --bot BOT --button TEXT --data DATA [--json]

The button must be a web_app button of the reply keyboard the bot shows the user now. The bot gets
a "web_app_data" service message from the user (Telegram.WebApp.sendData); prints it.

Options:
${SEND_DATA.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, SEND_DATA_OPTIONS);
    const { values } = parsed;
    const params = await SEND_DATA.params(parsed, this.name);
    const message = await withClient(values, ctx, (client) => client.sendWebAppData(params));
    printResult(ctx, values.json, message, formatMessage);
    return 0;
  },
};
