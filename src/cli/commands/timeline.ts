/** `parley timeline`: `GET /control/timeline`, what happened, newest first, or followed live (ADR 0099). */
import { parseCommandArgs, type Command } from '../command.js';
import { routeHelp } from '../route-help.js';
import { routeCli } from '../route-options.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import type { TimelineEvent } from '../../testkit/index.js';

/**
 * --follow is the command's own: it loops over the route with `after` and `wait` (not offered, nor
 * `before`). A first page is 20 events unless --limit says otherwise (the route's default is 100).
 */
const TIMELINE = routeCli('getTimeline', {
  flags: { q: 'search' },
  omit: ['before', 'after', 'wait'],
  defaults: { limit: 20 },
  metavars: { chat: 'CHAT_ID', q: 'TEXT' },
});
const OPTIONS = { ...CLIENT_OPTIONS, ...TIMELINE.options, follow: { type: 'boolean' } } as const;

/** One line: `#12 10:04:05 call sendMessage ok 3 ms  sendMessage → 200`. */
function line(event: TimelineEvent): string {
  const time = new Date(event.at_ms).toISOString().slice(11, 19);
  const took = event.duration_ms === undefined ? '' : ` ${event.duration_ms} ms`;
  return `#${event.id} ${time} ${event.kind} ${event.name} ${event.status}${took}  ${event.summary}`;
}

export const timelineCommand: Command = {
  name: 'timeline',
  summary: 'print what happened (calls, updates, deliveries, actions, faults), or follow it live',
  options: OPTIONS,
  routes: [TIMELINE],
  help: `Usage: parley timeline [--follow] [--bot BOT] [--chat CHAT_ID] [--person USER] [--kind KIND]
                       [--status STATUS] [--search TEXT] [--limit N] [--json]

Prints the timeline, newest first: every Bot API call with its answer, every update queued and how
it left (getUpdates or the webhook), gateway calls, people's actions and faults. Tokens and codes
never appear. With --follow, prints the newest events oldest first, then each new one as it happens,
until interrupted.

Options:
${routeHelp(
  [TIMELINE],
  [
    ['--follow', 'keep printing new events as they happen'],
    ['--json', 'one event per line as JSON, with its raw request and answer'],
  ],
)}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, OPTIONS);
    const { values } = parsed;
    const filter = await TIMELINE.params(parsed, this.name);
    const print = (event: TimelineEvent) => ctx.stdout(values.json ? JSON.stringify(event) : line(event));
    return withClient(values, ctx, async (client) => {
      const page = await client.getTimeline(filter);
      const events = values.follow ? [...page.events].reverse() : page.events;
      for (const event of events) print(event);
      if (!values.follow) return 0;
      // Followed over the control API's long poll: each answer is what came after the last one seen.
      let after = page.last_id;
      for (;;) {
        const next = await client.getTimeline({ ...filter, limit: 1000, after, wait: 30 });
        for (const event of [...next.events].reverse()) print(event);
        after = next.last_id;
      }
    });
  },
};
