/** `parley messages search`: `GET /control/messages/search`, the messages a user sees that hold some words. */
import { integerOption, parseCommandArgs, refArgument, requireOption, type Command } from '../command.js';
import { formatMessage, printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import type { Message, MessageSearchPage } from '../../testkit/index.js';

// Hand-written for now: QUERY is a positional that is not the route's subject parameter form (q); not moved yet.
const OPTIONS = {
  ...CLIENT_OPTIONS,
  user: { type: 'string' },
  chat: { type: 'string' },
  limit: { type: 'string' },
  cursor: { type: 'string' },
} as const;

/** The chat as its list names it: a group's title, a person's or bot's name. */
function chatName(message: Message): string {
  const chat = message.chat;
  if (chat.title) return chat.title;
  const name = [chat.first_name, chat.last_name].filter(Boolean).join(' ');
  return name || (chat.username ? `@${chat.username}` : String(chat.id));
}

/** One line a message, `<chat>: [#12 from Alice] hello`, and how to ask for the next page. */
function formatPage(page: MessageSearchPage): string {
  if (page.messages.length === 0) return 'no messages';
  const lines = page.messages.map((message) => `${chatName(message)}: ${formatMessage(message)}`);
  if (page.next_cursor !== undefined) lines.push(`more: --cursor ${page.next_cursor}`);
  return lines.join('\n');
}

export const messagesSearchCommand: Command = {
  name: 'messages search',
  summary: 'find the messages a user sees that hold some words',
  help: `Usage: parley messages search --user USER WORDS [--chat CHAT] [--limit N] [--cursor C] [--json]

Prints the messages the user sees whose text or caption holds every word of WORDS as the start of
one of its words ("hel" finds "Hello"), in any case, newest first, one per line:
<chat>: [#<id> from <sender>] <text>. Quote WORDS when it is more than one word. With --json,
{"messages": [...], "next_cursor"}.

Options:
  --user USER          a phone number (+15550001), a user id or @username (required)
  --chat CHAT          only this chat: @username of a bot or person (the private chat) or a chat id
  --limit N            how many, 1-100 (default 20)
  --cursor C           the next page: the cursor the page before printed

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values, positionals } = parseCommandArgs(this.name, args, OPTIONS, ['WORDS']);
    const user = refArgument(requireOption(values.user, '--user', this.name));
    const chat = values.chat === undefined ? undefined : refArgument(values.chat);
    const limit = integerOption(values.limit, '--limit', this.name, 1);
    const page = await withClient(values, ctx, (client) =>
      client.searchMessages({ user, q: positionals[0]!, chat, limit, cursor: values.cursor }),
    );
    printResult(ctx, values.json, page, formatPage);
    return 0;
  },
};
