/** `parley inline`: `POST /control/inline`, a user types an inline query and sees the bot's results. */
import type { InlineQueryAnswer } from '../../testkit/index.js';
import { integerOption, parseCommandArgs, refArgument, requireOption, type Command } from '../command.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

const OPTIONS = {
  ...CLIENT_OPTIONS,
  user: { type: 'string' },
  bot: { type: 'string' },
  query: { type: 'string' },
  chat: { type: 'string' },
  offset: { type: 'string' },
  timeout: { type: 'string' },
} as const;

/** `query 123 (cached)` then one line per result: `  [a1] article: Title`. */
export function formatInlineAnswer(answer: InlineQueryAnswer): string {
  if (!answer.answered) return `query ${answer.query_id}: (no answer)`;
  const lines = [`query ${answer.query_id}${answer.from_cache ? ' (cached)' : ''}`];
  for (const result of answer.results ?? []) {
    const label = typeof result.title === 'string' ? `: ${result.title}` : '';
    lines.push(`  [${result.id}] ${result.type}${label}`);
  }
  if ((answer.results ?? []).length === 0) lines.push('  (no results)');
  if (answer.next_offset) lines.push(`  next offset: ${answer.next_offset}`);
  return lines.join('\n');
}

export const inlineCommand: Command = {
  name: 'inline',
  summary: 'type an inline query to a bot as a user and show the results',
  help: `Usage: parley inline --user USER --bot BOT [--query TEXT] [--chat CHAT] [--offset O] [--timeout SECONDS] [--json]

Types "@BOT TEXT" as the user and waits for the bot's answer; prints the query id and one line per
result ("[<result id>] <type>: <title>"). Choose one with "parley choose".

Options:
  --user USER          the user: a phone number (+15550001), a user id or @username (required)
  --bot BOT            the bot's @username or id (required; it must support inline queries)
  --query TEXT         the text after "@BOT " (default empty)
  --chat CHAT          where the user is typing: @username or a chat id (default: the bot's chat)
  --offset O           the offset of the page of results (the bot's next_offset)
  --timeout SECONDS    how long to wait for the bot's answer (default 10, at most 300)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, OPTIONS);
    const user = refArgument(requireOption(values.user, '--user', this.name));
    const bot = refArgument(requireOption(values.bot, '--bot', this.name));
    const chat = values.chat === undefined ? undefined : refArgument(values.chat);
    const timeout = integerOption(values.timeout, '--timeout', this.name, 0);
    const answer = await withClient(values, ctx, (client) =>
      client.inlineQuery({ user, bot, query: values.query ?? '', chat, offset: values.offset, timeout }),
    );
    printResult(ctx, values.json, answer, formatInlineAnswer);
    return 0;
  },
};
