/** `parley react`: `POST /control/reactions`, a user reacts to a message. */
import type { MessageReactions } from '../../testkit/index.js';
import { parseCommandArgs, type Command } from '../command.js';
import { printResult } from '../output.js';
import { routeHelp } from '../route-help.js';
import { routeCli } from '../route-options.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

/**
 * --emoji and --custom-emoji are the command's own: together they make `reaction`, a list of
 * ReactionType objects (the route's `emoji` shorthand cannot carry a custom emoji beside them).
 */
const REACT = routeCli('react', {
  flags: { message_id: 'message', is_big: 'big' },
  omit: ['emoji'],
});
const OPTIONS = {
  ...CLIENT_OPTIONS,
  ...REACT.options,
  emoji: { type: 'string', multiple: true },
  'custom-emoji': { type: 'string', multiple: true },
} as const;

/** `#12: 👍 2, 🔥 1 (yours: 👍)` */
export function formatReactions(state: MessageReactions): string {
  const name = (r: MessageReactions['chosen'][number]) =>
    r.type === 'emoji' ? r.emoji : r.type === 'custom_emoji' ? `custom:${r.custom_emoji_id}` : 'paid';
  const totals = state.reactions.map((c) => `${name(c.type)} ${c.total_count}`).join(', ') || 'no reactions';
  const mine = state.chosen.length > 0 ? ` (yours: ${state.chosen.map(name).join(' ')})` : '';
  return `#${state.message_id}: ${totals}${mine}`;
}

export const reactCommand: Command = {
  name: 'react',
  summary: 'set reactions to a message as a user',
  options: OPTIONS,
  routes: [REACT],
  help: `Usage: parley react --user USER --chat CHAT --message ID [--emoji E]... [--custom-emoji ID]... [--big] [--json]

Sets the user's reactions to a message (without --emoji or --custom-emoji: removes them) and prints
the message's reactions. Bots that administer the chat and list message_reaction in allowed_updates
get a message_reaction update.

Options:
${routeHelp(
  [REACT],
  [
    ['--emoji E', 'a reaction emoji, e.g. 👍 (repeat for more, at most 3)'],
    ['--custom-emoji ID', 'a custom emoji reaction by id (repeatable)'],
  ],
)}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, OPTIONS);
    const { values } = parsed;
    const reaction = [
      ...(values.emoji ?? []).map((emoji) => ({ type: 'emoji' as const, emoji })),
      ...(values['custom-emoji'] ?? []).map((id) => ({ type: 'custom_emoji' as const, custom_emoji_id: id })),
    ];
    const params = await REACT.params(parsed, this.name, { set: { reaction } });
    const state = await withClient(values, ctx, (client) => client.react(params));
    printResult(ctx, values.json, state, formatReactions);
    return 0;
  },
};
