/** GET /control/timeline: the timeline, filtered, searched, paged and followed (ADR 0099). */
import type { RouteContext } from '../control-context.js';
import type { Platform } from '../../platform/assembly/platform.js';
import { lookWhileWoken } from '../../platform/core/event-bus.js';
import type { TimelineFilter, TimelineKind, TimelineRow } from '../../storage/ports/timeline.js';
import type { TimelineEvent, TimelinePage } from '../../wire/control-types.js';

export async function getTimeline({ platform, input, signal }: RouteContext<'getTimeline'>) {
  const filter: TimelineFilter = {
    botId: input.bot === undefined ? undefined : (await platform.users.resolve(input.bot, 'bot')).id,
    personId: input.person === undefined ? undefined : (await platform.users.resolve(input.person)).id,
    chatId: input.chat,
    kind: input.kind as TimelineKind | undefined,
    status: input.status,
    q: input.q,
    beforeId: input.before,
    afterId: input.after,
    limit: input.limit,
  };
  let rows = await platform.timeline.list(filter);
  if (rows.length === 0 && input.wait > 0 && input.after !== undefined) {
    rows = await waitForEvents(platform, filter, input.wait * 1000, signal);
  }
  return page(rows, filter);
}

/**
 * Waits for events matching `filter` (newer than its `after`): looks again whenever the timeline
 * grew (`timeline.appended`; updates are written in their own write, `updates.queued`) or events
 * may have been missed, on this node or another, until the time is up.
 */
async function waitForEvents(
  platform: Platform,
  filter: TimelineFilter,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<TimelineRow[]> {
  const { bus } = platform.deps;
  const found = await lookWhileWoken(
    (onEvent) => [
      bus.on('timeline.appended', onEvent),
      bus.on('updates.queued', onEvent),
      bus.on('events.resumed', onEvent),
    ],
    async () => {
      const rows = await platform.timeline.list(filter);
      return rows.length > 0 ? rows : undefined;
    },
    timeoutMs,
    signal,
  );
  return found ?? [];
}

function page(rows: TimelineRow[], filter: TimelineFilter): TimelinePage {
  const out: TimelinePage = { events: rows.map(view), last_id: rows[0]?.id ?? filter.afterId ?? 0 };
  if (rows.length === filter.limit) out.next_cursor = rows.at(-1)!.id;
  return out;
}

function view(row: TimelineRow): TimelineEvent {
  const event: TimelineEvent = {
    id: row.id,
    date: Math.floor(row.at / 1000),
    at_ms: row.at,
    kind: row.kind,
    name: row.name,
    status: row.status,
    summary: row.summary,
  };
  if (row.bot_id !== null) event.bot_id = row.bot_id;
  if (row.chat_id !== null) event.chat_id = row.chat_id;
  if (row.person_id !== null) event.person_id = row.person_id;
  if (row.duration_ms !== null) event.duration_ms = row.duration_ms;
  if (row.request !== null) event.request = row.request;
  if (row.answer !== null) event.answer = row.answer;
  return event;
}
