/**
 * `parley business connect` and `parley business disconnect`: a person connects a bot to their
 * business account (the bot gets business_connection) or disconnects it. ADR 0049.
 */
import { parseCommandArgs, type Command } from '../command.js';
import { routeCli } from '../route-options.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import type { BusinessConnection } from '../../wire/control-types.js';

const CONNECT = routeCli('connectBusinessBot');
const OPTIONS = { ...CLIENT_OPTIONS, ...CONNECT.options } as const;

function formatConnection(connection: BusinessConnection): string {
  const rights = Object.keys(connection.rights ?? {}).join(', ') || 'no rights';
  const state = connection.is_enabled ? 'connected' : 'disconnected';
  return `${state} ${connection.id} (account ${connection.user_chat_id}; ${rights})`;
}

export const businessConnectCommand: Command = {
  name: 'business connect',
  summary: 'connect a bot to a business account',
  options: OPTIONS,
  routes: [CONNECT],
  help: `Usage: parley business connect --user PHONE --bot @BOT_USERNAME [--can-reply] [--json]

The user's account becomes a business account with the bot connected: the bot gets
business_connection, then business_message for the messages people send to the account. With
--can-reply the bot may answer them on the account's behalf. Prints the connection.

Options:
${CONNECT.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, OPTIONS);
    const { values } = parsed;
    const params = await CONNECT.params(parsed, this.name);
    const connection = await withClient(values, ctx, (client) => client.connectBusinessBot(params));
    printResult(ctx, values.json, connection, formatConnection);
    return 0;
  },
};

const DISCONNECT = routeCli('disconnectBusinessBot');
const DISCONNECT_OPTIONS = { ...CLIENT_OPTIONS, ...DISCONNECT.options } as const;

export const businessDisconnectCommand: Command = {
  name: 'business disconnect',
  summary: 'disconnect a bot from a business account',
  options: DISCONNECT_OPTIONS,
  routes: [DISCONNECT],
  help: `Usage: parley business disconnect --user PHONE --bot @BOT_USERNAME [--json]

The bot gets business_connection with is_enabled false; its calls with the connection are
refused from then on. Prints the connection.

Options:
${DISCONNECT.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, DISCONNECT_OPTIONS);
    const { values } = parsed;
    const params = await DISCONNECT.params(parsed, this.name);
    const connection = await withClient(values, ctx, (client) => client.disconnectBusinessBot(params));
    printResult(ctx, values.json, connection, formatConnection);
    return 0;
  },
};
