/**
 * `parley dm ...`: a channel's direct messages as people use them (ADR 0053): its owner turns them
 * on (`POST /control/channels/direct-messages`), a person writes in their topic
 * (`POST /control/direct-messages`) or suggests a post with a price in Stars
 * (`POST /control/direct-messages/suggest`), which the channel's administrator bots approve or
 * decline with approveSuggestedPost / declineSuggestedPost.
 */
import type { DirectMessagesChat } from '../../testkit/index.js';
import { parseCommandArgs, type Command } from '../command.js';
import { formatMessage, printResult } from '../output.js';
import { routeHelp } from '../route-help.js';
import { routeCli } from '../route-options.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

const CHANNEL = { metavars: { chat: 'CHANNEL' } } as const;

/** `--off` says `enabled: false`, the command's own flag. */
const ENABLE = routeCli('enableDirectMessages', { ...CHANNEL, omit: ['enabled'] });
const ENABLE_OPTIONS = { ...CLIENT_OPTIONS, ...ENABLE.options, off: { type: 'boolean' } } as const;

/** `direct messages of channel -100…: chat -100… (on)` */
export function formatDirectMessages(dm: DirectMessagesChat): string {
  return `direct messages of channel ${dm.parent_chat.id}: chat ${dm.id} (${dm.enabled ? 'on' : 'off'})`;
}

export const dmEnableCommand: Command = {
  name: 'dm enable',
  summary: "turn a channel's direct messages on (or off) as its owner",
  options: ENABLE_OPTIONS,
  routes: [ENABLE],
  help: `Usage: parley dm enable --by USER --chat CHANNEL [--off] [--json]

Makes the channel's direct-messages chat (a supergroup with is_direct_messages, parent_chat the
channel), where people write to the channel and suggest posts; the channel's administrators
administer it. --off turns them off again.

Options:
${routeHelp([ENABLE], [['--off', 'turn them off']])}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, ENABLE_OPTIONS);
    const { values } = parsed;
    const params = await ENABLE.params(parsed, this.name, { set: { enabled: !(values.off ?? false) } });
    const dm = await withClient(values, ctx, (client) => client.enableDirectMessages(params));
    printResult(ctx, values.json, dm, formatDirectMessages);
    return 0;
  },
};

const SEND = routeCli('sendDirectMessage', CHANNEL);
const SEND_OPTIONS = { ...CLIENT_OPTIONS, ...SEND.options } as const;

export const dmSendCommand: Command = {
  name: 'dm send',
  summary: "write to a channel's direct messages as a person",
  options: SEND_OPTIONS,
  routes: [SEND],
  help: `Usage: parley dm send --user USER --chat CHANNEL --text TEXT [--json]

The message goes to the person's topic of the channel's direct-messages chat; the channel's
administrator bots get it as a message update.

Options:
${SEND.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, SEND_OPTIONS);
    const { values } = parsed;
    const params = await SEND.params(parsed, this.name);
    const message = await withClient(values, ctx, (client) => client.sendDirectMessage(params));
    printResult(ctx, values.json, message, formatMessage);
    return 0;
  },
};

/** Not offered: currency, whose one accepted value (XTR, Stars) is its default. */
const SUGGEST = routeCli('suggestPost', {
  metavars: { chat: 'CHANNEL', amount: 'STARS', send_date: 'UNIX' },
  omit: ['currency'],
});
const SUGGEST_OPTIONS = { ...CLIENT_OPTIONS, ...SUGGEST.options } as const;

export const dmSuggestCommand: Command = {
  name: 'dm suggest',
  summary: 'suggest a post to a channel as a person, with a price in Stars',
  options: SUGGEST_OPTIONS,
  routes: [SUGGEST],
  help: `Usage: parley dm suggest --user USER --chat CHANNEL --text TEXT [--amount STARS] [--send-date UNIX] [--json]

A suggestion (suggested_post_info state pending) in the person's topic: an administrator bot
approves it (the price leaves the person's Stars, the post is published at its date, the channel
is paid a day later) or declines it.

Options:
${SUGGEST.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, SUGGEST_OPTIONS);
    const { values } = parsed;
    const params = await SUGGEST.params(parsed, this.name);
    const message = await withClient(values, ctx, (client) => client.suggestPost(params));
    printResult(ctx, values.json, message, formatMessage);
    return 0;
  },
};
