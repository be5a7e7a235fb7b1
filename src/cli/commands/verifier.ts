/**
 * `parley bot verifier` (`POST /control/bots/verifier`: an operator makes a bot a verifier) and
 * `parley verification show` (`GET /control/verification`), ADR 0044.
 */
import { usageError } from '../cli-error.js';
import { parseCommandArgs, refArgument, requireOption, type Command } from '../command.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

const VERIFIER_OPTIONS = {
  ...CLIENT_OPTIONS,
  bot: { type: 'string' },
  off: { type: 'boolean' },
  'custom-description': { type: 'boolean' },
} as const;

export const botVerifierCommand: Command = {
  name: 'bot verifier',
  summary: 'make a bot a verifier of users and chats (or, --off, not)',
  help: `Usage: parley bot verifier --bot BOT [--off] [--custom-description] [--json]

Makes the bot a verifier: it may call verifyUser, verifyChat, removeUserVerification and
removeChatVerification (other bots get BOT_VERIFIER_FORBIDDEN). Prints the bot's status.

Options:
  --bot BOT               the bot's @username or id (required)
  --off                   the bot stops being a verifier
  --custom-description    its verifications may carry a custom_description

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, VERIFIER_OPTIONS);
    const bot = refArgument(requireOption(values.bot, '--bot', this.name));
    const state = await withClient(values, ctx, (client) =>
      client.setBotVerifier({
        bot,
        enabled: !(values.off ?? false),
        can_modify_custom_description: values['custom-description'] ?? false,
      }),
    );
    printResult(ctx, values.json, state, (s) =>
      s.is_verifier
        ? `bot ${s.bot_id} is a verifier${s.can_modify_custom_description ? ' (custom descriptions)' : ''}`
        : `bot ${s.bot_id} is not a verifier`,
    );
    return 0;
  },
};

const SHOW_OPTIONS = { ...CLIENT_OPTIONS, user: { type: 'string' }, chat: { type: 'string' } } as const;

export const verificationShowCommand: Command = {
  name: 'verification show',
  summary: "show a user's or chat's verification",
  help: `Usage: parley verification show (--user USER | --chat CHAT) [--json]

Prints whether the user or chat is verified, by which bot and with which description.

Options:
  --user USER          a phone number (+15550001), a user id or @username
  --chat CHAT          the id or @username of a supergroup, channel or bot

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, SHOW_OPTIONS);
    if ((values.user === undefined) === (values.chat === undefined))
      throw usageError(`${this.name}: give --user or --chat`);
    const status = await withClient(values, ctx, (client) =>
      client.getVerification(
        values.user !== undefined ? { user: refArgument(values.user) } : { chat: refArgument(values.chat!) },
      ),
    );
    printResult(ctx, values.json, status, (s) =>
      s.is_verified
        ? `${s.target} ${s.id} verified by bot ${s.verifier_bot_id}${s.custom_description ? `: ${s.custom_description}` : ''}`
        : `${s.target} ${s.id} is not verified`,
    );
    return 0;
  },
};
