/**
 * `parley bot verifier` (`POST /control/bots/verifier`: an operator makes a bot a verifier) and
 * `parley verification show` (`GET /control/verification`), ADR 0044.
 */
import { usageError } from '../cli-error.js';
import { parseCommandArgs, type Command } from '../command.js';
import { routeCli } from '../route-options.js';
import { optionLines } from '../route-help.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

/** `--off` says `enabled: false`, the command's own flag. */
const VERIFIER = routeCli('setBotVerifier', {
  omit: ['enabled'],
  flags: { can_modify_custom_description: 'custom-description' },
});
const VERIFIER_OPTIONS = { ...CLIENT_OPTIONS, ...VERIFIER.options, off: { type: 'boolean' } } as const;

export const botVerifierCommand: Command = {
  name: 'bot verifier',
  summary: 'make a bot a verifier of users and chats (or, --off, not)',
  options: VERIFIER_OPTIONS,
  routes: [VERIFIER],
  help: `Usage: parley bot verifier --bot BOT [--off] [--custom-description] [--json]

Makes the bot a verifier: it may call verifyUser, verifyChat, removeUserVerification and
removeChatVerification (other bots get BOT_VERIFIER_FORBIDDEN). Prints the bot's status.

Options:
${VERIFIER.help}
${optionLines([['--off', 'the bot stops being a verifier']])}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, VERIFIER_OPTIONS);
    const { values } = parsed;
    const params = await VERIFIER.params(parsed, this.name, { set: { enabled: !(values.off ?? false) } });
    const state = await withClient(values, ctx, (client) => client.setBotVerifier(params));
    printResult(ctx, values.json, state, (s) =>
      s.is_verifier
        ? `bot ${s.bot_id} is a verifier${s.can_modify_custom_description ? ' (custom descriptions)' : ''}`
        : `bot ${s.bot_id} is not a verifier`,
    );
    return 0;
  },
};

const SHOW = routeCli('getVerification');
const SHOW_OPTIONS = { ...CLIENT_OPTIONS, ...SHOW.options } as const;

export const verificationShowCommand: Command = {
  name: 'verification show',
  summary: "show a user's or chat's verification",
  options: SHOW_OPTIONS,
  routes: [SHOW],
  help: `Usage: parley verification show (--user USER | --chat CHAT) [--json]

Prints whether the user or chat is verified, by which bot and with which description.

Options:
${SHOW.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, SHOW_OPTIONS);
    const { values } = parsed;
    if ((values.user === undefined) === (values.chat === undefined))
      throw usageError(`${this.name}: give --user or --chat`);
    const params = await SHOW.params(parsed, this.name);
    const status = await withClient(values, ctx, (client) => client.getVerification(params));
    printResult(ctx, values.json, status, (s) =>
      s.is_verified
        ? `${s.target} ${s.id} verified by bot ${s.verifier_bot_id}${s.custom_description ? `: ${s.custom_description}` : ''}`
        : `${s.target} ${s.id} is not verified`,
    );
    return 0;
  },
};
