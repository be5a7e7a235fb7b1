/** `parley timeline`: `GET /control/timeline`, what happened, newest first, or followed live (ADR 0099). */
import { usageError } from '../cli-error.js';
import { integerOption, parseCommandArgs, refArgument, type Command } from '../command.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import type { TimelineEvent, TimelineParams } from '../../testkit/index.js';

const KINDS = ['call', 'update', 'delivery', 'gateway', 'action', 'fault'] as const;

// Hand-written: --follow loops over the route (its after and wait), and --limit defaults to 20, not the route's 100.
const OPTIONS = {
  ...CLIENT_OPTIONS,
  follow: { type: 'boolean' },
  bot: { type: 'string' },
  chat: { type: 'string' },
  person: { type: 'string' },
  kind: { type: 'string' },
  status: { type: 'string' },
  search: { type: 'string' },
  limit: { type: 'string' },
} as const;

/** One line: `#12 10:04:05 call sendMessage ok 3 ms  sendMessage → 200`. */
function line(event: TimelineEvent): string {
  const time = new Date(event.at_ms).toISOString().slice(11, 19);
  const took = event.duration_ms === undefined ? '' : ` ${event.duration_ms} ms`;
  return `#${event.id} ${time} ${event.kind} ${event.name} ${event.status}${took}  ${event.summary}`;
}

export const timelineCommand: Command = {
  name: 'timeline',
  summary: 'print what happened (calls, updates, deliveries, actions, faults), or follow it live',
  help: `Usage: parley timeline [--follow] [--bot BOT] [--chat CHAT_ID] [--person USER] [--kind KIND]
                       [--status STATUS] [--search TEXT] [--limit N] [--json]

Prints the timeline, newest first: every Bot API call with its answer, every update queued and how
it left (getUpdates or the webhook), gateway calls, people's actions and faults. Tokens and codes
never appear. With --follow, prints the newest events oldest first, then each new one as it happens,
until interrupted.

Options:
  --follow             keep printing new events as they happen
  --bot BOT            only this bot's events (an id or @username)
  --chat CHAT_ID       only events in this chat (its id as the Bot API shows it)
  --person USER        only this person's events (an id, @username or phone number)
  --kind KIND          call, update, delivery, gateway, action or fault
  --status STATUS      ok, error, queued, delivered, failed, lost or fired
  --search TEXT        only events whose summary, request or answer holds TEXT
  --limit N            the newest N events, 1-1000 (default 20)
  --json               one event per line as JSON, with its raw request and answer

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, OPTIONS);
    const kind = values.kind;
    if (kind !== undefined && !KINDS.includes(kind as (typeof KINDS)[number])) {
      throw usageError(`--kind must be one of ${KINDS.join(', ')}, not "${kind}"`, this.name);
    }
    const chat = integerOption(values.chat, '--chat', this.name, Number.MIN_SAFE_INTEGER);
    const filter: TimelineParams = {
      bot: values.bot === undefined ? undefined : refArgument(values.bot),
      chat,
      person: values.person === undefined ? undefined : refArgument(values.person),
      kind: kind as TimelineParams['kind'],
      status: values.status,
      q: values.search,
      limit: integerOption(values.limit, '--limit', this.name, 1) ?? 20,
    };
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
