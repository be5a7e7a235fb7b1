/**
 * `parley dm ...`: a channel's direct messages as people use them (ADR 0053): its owner turns them
 * on (`POST /control/channels/direct-messages`), a person writes in their topic
 * (`POST /control/direct-messages`) or suggests a post with a price in Stars
 * (`POST /control/direct-messages/suggest`), which the channel's administrator bots approve or
 * decline with approveSuggestedPost / declineSuggestedPost.
 */
import type { DirectMessagesChat } from '../../testkit/index.js';
import { integerOption, parseCommandArgs, refArgument, requireOption, type Command } from '../command.js';
import { formatMessage, printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

// Hand-written for now: --off gives `enabled: false`; derivable with `set`, not moved yet.
const ENABLE_OPTIONS = {
  ...CLIENT_OPTIONS,
  by: { type: 'string' },
  chat: { type: 'string' },
  off: { type: 'boolean' },
} as const;

/** `direct messages of channel -100…: chat -100… (on)` */
export function formatDirectMessages(dm: DirectMessagesChat): string {
  return `direct messages of channel ${dm.parent_chat.id}: chat ${dm.id} (${dm.enabled ? 'on' : 'off'})`;
}

export const dmEnableCommand: Command = {
  name: 'dm enable',
  summary: "turn a channel's direct messages on (or off) as its owner",
  help: `Usage: parley dm enable --by USER --chat CHANNEL [--off] [--json]

Makes the channel's direct-messages chat (a supergroup with is_direct_messages, parent_chat the
channel), where people write to the channel and suggest posts; the channel's administrators
administer it. --off turns them off again.

Options:
  --by USER        the channel's owner: a phone number, user id or @username (required)
  --chat CHANNEL   the channel's id or @username (required)
  --off            turn them off

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, ENABLE_OPTIONS);
    const by = refArgument(requireOption(values.by, '--by', this.name));
    const chat = refArgument(requireOption(values.chat, '--chat', this.name));
    const dm = await withClient(values, ctx, (client) =>
      client.enableDirectMessages({ by, chat, enabled: !(values.off ?? false) }),
    );
    printResult(ctx, values.json, dm, formatDirectMessages);
    return 0;
  },
};

// Hand-written for now: its table is also suggest's (which adds --amount, --send-date); derivable, not moved yet.
const SEND_OPTIONS = {
  ...CLIENT_OPTIONS,
  user: { type: 'string' },
  chat: { type: 'string' },
  text: { type: 'string' },
} as const;

export const dmSendCommand: Command = {
  name: 'dm send',
  summary: "write to a channel's direct messages as a person",
  help: `Usage: parley dm send --user USER --chat CHANNEL --text TEXT [--json]

The message goes to the person's topic of the channel's direct-messages chat; the channel's
administrator bots get it as a message update.

Options:
  --user USER      a phone number, user id or @username (required)
  --chat CHANNEL   the channel's id or @username (required)
  --text TEXT      1-4096 characters (required)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, SEND_OPTIONS);
    const user = refArgument(requireOption(values.user, '--user', this.name));
    const chat = refArgument(requireOption(values.chat, '--chat', this.name));
    const text = requireOption(values.text, '--text', this.name);
    const message = await withClient(values, ctx, (client) => client.sendDirectMessage({ user, chat, text }));
    printResult(ctx, values.json, message, formatMessage);
    return 0;
  },
};

const SUGGEST_OPTIONS = {
  ...SEND_OPTIONS,
  amount: { type: 'string' },
  'send-date': { type: 'string' },
} as const;

export const dmSuggestCommand: Command = {
  name: 'dm suggest',
  summary: 'suggest a post to a channel as a person, with a price in Stars',
  help: `Usage: parley dm suggest --user USER --chat CHANNEL --text TEXT [--amount STARS] [--send-date UNIX] [--json]

A suggestion (suggested_post_info state pending) in the person's topic: an administrator bot
approves it (the price leaves the person's Stars, the post is published at its date, the channel
is paid a day later) or declines it.

Options:
  --user USER        a phone number, user id or @username (required)
  --chat CHANNEL     the channel's id or @username (required)
  --text TEXT        the post, 1-4096 characters (required)
  --amount STARS     the price: 5 to 100000 Stars; omitted: unpaid
  --send-date UNIX   when to publish it (Unix seconds, 300 s to 30 days ahead); omitted: any time

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, SUGGEST_OPTIONS);
    const user = refArgument(requireOption(values.user, '--user', this.name));
    const chat = refArgument(requireOption(values.chat, '--chat', this.name));
    const text = requireOption(values.text, '--text', this.name);
    const amount = integerOption(values.amount, '--amount', this.name, 0);
    const sendDate = integerOption(values['send-date'], '--send-date', this.name, 0);
    const message = await withClient(values, ctx, (client) =>
      client.suggestPost({
        user,
        chat,
        text,
        ...(amount !== undefined ? { amount } : {}),
        ...(sendDate !== undefined ? { send_date: sendDate } : {}),
      }),
    );
    printResult(ctx, values.json, message, formatMessage);
    return 0;
  },
};
