/** `parley react`: `POST /control/reactions`, a user reacts to a message. */
import type { MessageReactions } from '../../testkit/index.js';
import { parseCommandArgs, type Command, messageOptions } from '../command.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

// Hand-written for now: --emoji/--custom-emoji build the reaction objects; the rest derivable with `set`, not moved yet.
const OPTIONS = {
  ...CLIENT_OPTIONS,
  user: { type: 'string' },
  chat: { type: 'string' },
  message: { type: 'string' },
  emoji: { type: 'string', multiple: true },
  'custom-emoji': { type: 'string', multiple: true },
  big: { type: 'boolean' },
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
  help: `Usage: parley react --user USER --chat CHAT --message ID [--emoji E]... [--custom-emoji ID]... [--big] [--json]

Sets the user's reactions to a message (without --emoji or --custom-emoji: removes them) and prints
the message's reactions. Bots that administer the chat and list message_reaction in allowed_updates
get a message_reaction update.

Options:
  --user USER          the user: a phone number (+15550001), a user id or @username (required)
  --chat CHAT          @username of the bot (the private chat with it) or a chat id (required)
  --message ID         the id of the message (required)
  --emoji E            a reaction emoji, e.g. 👍 (repeat for more, at most 3)
  --custom-emoji ID    a custom emoji reaction by id (repeatable)
  --big                with the big animation

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, OPTIONS);
    const { user, chat, messageId } = messageOptions(values, this.name);
    const reaction = [
      ...(values.emoji ?? []).map((emoji) => ({ type: 'emoji' as const, emoji })),
      ...(values['custom-emoji'] ?? []).map((id) => ({ type: 'custom_emoji' as const, custom_emoji_id: id })),
    ];
    const state = await withClient(values, ctx, (client) =>
      client.react({ user, chat, message_id: messageId, reaction, is_big: values.big ?? false }),
    );
    printResult(ctx, values.json, state, formatReactions);
    return 0;
  },
};
