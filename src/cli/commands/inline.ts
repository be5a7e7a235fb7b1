/** `parley inline`: `POST /control/inline`, a user types an inline query and sees the bot's results. */
import type { InlineQueryAnswer } from '../../testkit/index.js';
import { parseCommandArgs, type Command } from '../command.js';
import { routeCli } from '../route-options.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

const INLINE = routeCli('inlineQuery', { metavars: { query: 'TEXT', offset: 'O', timeout: 'SECONDS' } });
const OPTIONS = { ...CLIENT_OPTIONS, ...INLINE.options } as const;

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
  options: OPTIONS,
  routes: [INLINE],
  help: `Usage: parley inline --user USER --bot BOT [--query TEXT] [--chat CHAT] [--offset O] [--timeout SECONDS] [--json]

Types "@BOT TEXT" as the user and waits for the bot's answer; prints the query id and one line per
result ("[<result id>] <type>: <title>"). Choose one with "parley choose".

Options:
${INLINE.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, OPTIONS);
    const { values } = parsed;
    const params = await INLINE.params(parsed, this.name);
    const answer = await withClient(values, ctx, (client) => client.inlineQuery(params));
    printResult(ctx, values.json, answer, formatInlineAnswer);
    return 0;
  },
};
