/**
 * `parley business connect` and `parley business disconnect`: a person connects a bot to their
 * business account (the bot gets business_connection) or disconnects it. ADR 0049.
 */
import { parseCommandArgs, refArgument, requireOption, type Command } from '../command.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import type { BusinessConnection } from '../../wire/control-types.js';

const OPTIONS = {
  ...CLIENT_OPTIONS,
  user: { type: 'string' },
  bot: { type: 'string' },
  'can-reply': { type: 'boolean' },
} as const;

function formatConnection(connection: BusinessConnection): string {
  const rights = Object.keys(connection.rights ?? {}).join(', ') || 'no rights';
  const state = connection.is_enabled ? 'connected' : 'disconnected';
  return `${state} ${connection.id} (account ${connection.user_chat_id}; ${rights})`;
}

export const businessConnectCommand: Command = {
  name: 'business connect',
  summary: 'connect a bot to a business account',
  help: `Usage: parley business connect --user PHONE --bot @BOT_USERNAME [--can-reply] [--json]

The user's account becomes a business account with the bot connected: the bot gets
business_connection, then business_message for the messages people send to the account. With
--can-reply the bot may answer them on the account's behalf. Prints the connection.

Options:
  --user USER          the account: a phone number (+15550001), a user id or @username (required)
  --bot BOT            the bot's @username or id (required)
  --can-reply          give the bot the can_reply right

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, OPTIONS);
    const user = refArgument(requireOption(values.user, '--user', this.name));
    const bot = refArgument(requireOption(values.bot, '--bot', this.name));
    const connection = await withClient(values, ctx, (client) =>
      client.connectBusinessBot({ user, bot, can_reply: values['can-reply'] === true }),
    );
    printResult(ctx, values.json, connection, formatConnection);
    return 0;
  },
};

const DISCONNECT_OPTIONS = { ...CLIENT_OPTIONS, user: { type: 'string' }, bot: { type: 'string' } } as const;

export const businessDisconnectCommand: Command = {
  name: 'business disconnect',
  summary: 'disconnect a bot from a business account',
  help: `Usage: parley business disconnect --user PHONE --bot @BOT_USERNAME [--json]

The bot gets business_connection with is_enabled false; its calls with the connection are
refused from then on. Prints the connection.

Options:
  --user USER          the account: a phone number (+15550001), a user id or @username (required)
  --bot BOT            the bot's @username or id (required)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, DISCONNECT_OPTIONS);
    const user = refArgument(requireOption(values.user, '--user', this.name));
    const bot = refArgument(requireOption(values.bot, '--bot', this.name));
    const connection = await withClient(values, ctx, (client) => client.disconnectBusinessBot({ user, bot }));
    printResult(ctx, values.json, connection, formatConnection);
    return 0;
  },
};
