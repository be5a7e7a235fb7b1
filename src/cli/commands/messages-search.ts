/** `parley messages search`: `GET /control/messages/search`, the messages a user sees that hold some words. */
import { parseCommandArgs, type Command } from '../command.js';
import { formatMessage, printResult } from '../output.js';
import { routeCli } from '../route-options.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import type { Message, MessageSearchPage } from '../../testkit/index.js';

/** The words (the route's `q`) are the command's positional WORDS. */
const SEARCH = routeCli('searchMessages', { subject: 'q', metavars: { q: 'WORDS', cursor: 'C' } });
const OPTIONS = { ...CLIENT_OPTIONS, ...SEARCH.options } as const;

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
  options: OPTIONS,
  routes: [SEARCH],
  help: `Usage: parley messages search --user USER WORDS [--chat CHAT] [--limit N] [--cursor C] [--json]

Prints the messages the user sees whose text or caption holds every word of WORDS as the start of
one of its words ("hel" finds "Hello"), in any case, newest first, one per line:
<chat>: [#<id> from <sender>] <text>. Quote WORDS when it is more than one word. With --json,
{"messages": [...], "next_cursor"}.

Options:
${SEARCH.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, OPTIONS, SEARCH.positionals);
    const { values } = parsed;
    const params = await SEARCH.params(parsed, this.name);
    const page = await withClient(values, ctx, (client) => client.searchMessages(params));
    printResult(ctx, values.json, page, formatPage);
    return 0;
  },
};
