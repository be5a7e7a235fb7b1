/**
 * `parley block`, `parley unblock` (a user blocking a bot: the bot gets my_chat_member) and
 * `parley bot privacy` (a bot's group privacy mode).
 */
import { usageError } from '../cli-error.js';
import { parseCommandArgs, type Command } from '../command.js';
import { mergeRouteOptions, routeCli } from '../route-options.js';
import { routeHelp } from '../route-help.js';
import { formatBot, printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

const BLOCK = routeCli('blockBot');
const UNBLOCK = routeCli('unblockBot');
const OPTIONS = { ...CLIENT_OPTIONS, ...mergeRouteOptions(BLOCK, UNBLOCK) } as const;

function blockingCommand(name: 'block' | 'unblock'): Command {
  const blocking = name === 'block';
  return {
    name,
    summary: blocking ? 'block a bot as a user' : 'unblock a bot as a user',
    options: OPTIONS,
    routes: [blocking ? BLOCK : UNBLOCK],
    help: `Usage: parley ${name} --user USER --bot BOT [--json]

${
  blocking
    ? 'Blocks the bot: it gets my_chat_member (kicked) and its messages to the user answer 403\n"Forbidden: bot was blocked by the user".'
    : 'Unblocks the bot: it gets my_chat_member (member) and may write to the user again.'
} Prints "${name}ed" or "unchanged".

Options:
${(blocking ? BLOCK : UNBLOCK).help}

${CLIENT_OPTIONS_HELP}`,
    async run(args, ctx) {
      const parsed = parseCommandArgs(this.name, args, OPTIONS);
      const { values } = parsed;
      const params = await BLOCK.params(parsed, this.name);
      const result = await withClient(values, ctx, (client) =>
        blocking ? client.blockBot(params) : client.unblockBot(params),
      );
      printResult(ctx, values.json, result, (r) => (r.changed ? `${name}ed` : 'unchanged'));
      return 0;
    },
  };
}

export const blockCommand = blockingCommand('block');
export const unblockCommand = blockingCommand('unblock');

/** `--on` or `--off` says `enabled`, the command's own flags (one of them, not a flag and its absence). */
const PRIVACY = routeCli('setBotPrivacy', { subject: 'bot', subjectOption: true, omit: ['enabled'] });
const PRIVACY_OPTIONS = {
  ...CLIENT_OPTIONS,
  ...PRIVACY.options,
  on: { type: 'boolean' },
  off: { type: 'boolean' },
} as const;

export const botPrivacyCommand: Command = {
  name: 'bot privacy',
  summary: "turn a bot's group privacy mode on or off",
  options: PRIVACY_OPTIONS,
  routes: [PRIVACY],
  help: `Usage: parley bot privacy BOT (--on | --off) [--json]

With privacy mode on (a new bot's default) a bot in groups gets only commands, replies to it,
mentions of it and service messages; off, it gets every message. Prints the bot.
BOT is the bot's id or @username (also accepted as --bot BOT, the form of earlier versions).

Options:
${routeHelp(
  [PRIVACY],
  [
    ['--on', 'privacy mode on'],
    ['--off', 'privacy mode off'],
  ],
)}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, PRIVACY_OPTIONS, PRIVACY.positionals);
    const { values } = parsed;
    const params = await PRIVACY.params(parsed, this.name, { set: { enabled: values.on === true } });
    if (values.on === values.off) throw usageError('give either --on or --off', this.name);
    const record = await withClient(values, ctx, (client) => client.setBotPrivacy(params));
    printResult(ctx, values.json, record, formatBot);
    return 0;
  },
};
