/**
 * The timeline (table `timeline_events`; SQLite 035, PostgreSQL 024; ADR 0099): one row per thing
 * that happened in a workspace (a Bot API call and its answer, an update queued, an update handed
 * over by getUpdates or a webhook, a gateway request or report, a person's action, a fault that
 * fired), written by the code path that did it. Tokens and codes are replaced before a row is
 * built (platform/timeline/redact.ts): the table never holds them.
 *
 * Contract:
 * - Events are numbered by `id` in insert order; `listTimeline` answers the newest `limit` matching
 *   rows, newest first, below `beforeId` (the cursor) or above `afterId` (what came since).
 * - `q` matches a substring of the summary, the request or the answer, case-insensitively for
 *   ASCII letters.
 * - `pruneTimeline` keeps the newest `keep` events and deletes those older than `olderThan`
 *   (virtual ms), the oldest first and at most `limit` of them (the caller runs it again while it
 *   deletes `limit`: one write stays short), and answers how many it deleted; once it answers
 *   fewer than `limit`, running it again changes nothing more.
 */

export type TimelineKind = 'call' | 'update' | 'delivery' | 'gateway' | 'action' | 'fault';

export const TIMELINE_KINDS: readonly TimelineKind[] = [
  'call',
  'update',
  'delivery',
  'gateway',
  'action',
  'fault',
];

/** One event (storage/sqlite/migrations/035-timeline.sql). */
export interface TimelineRow {
  /** Assigned by the store. */
  id: number;
  /** Virtual ms of the event. */
  at: number;
  kind: TimelineKind;
  /** The method, the update's type, the control route, the gateway method or the fault's target. */
  name: string;
  bot_id: number | null;
  /** The chat's id as the Bot API shows it, where the event has one. */
  chat_id: number | null;
  /** The person (user id) the event is about or who acted, where there is one. */
  person_id: number | null;
  /** `ok`, `error`, `queued`, `delivered`, `failed`, `lost`, `fired`. */
  status: string;
  /** One line for the list, searched by `q`. */
  summary: string;
  /** Real ms it took, where it was timed. */
  duration_ms: number | null;
  /** The request (JSON text, redacted), where there is one. */
  request: string | null;
  /** The answer (JSON text, redacted), where there is one. */
  answer: string | null;
}

export type NewTimelineEvent = Omit<TimelineRow, 'id'>;

export interface TimelineFilter {
  botId?: number | undefined;
  chatId?: number | undefined;
  personId?: number | undefined;
  kind?: TimelineKind | undefined;
  status?: string | undefined;
  q?: string | undefined;
  /** Only events with a smaller id (the next page). */
  beforeId?: number | undefined;
  /** Only events with a greater id (what came since). */
  afterId?: number | undefined;
  limit: number;
}

export interface TimelineReader {
  /** The newest `limit` events matching the filter, newest first. */
  listTimeline(filter: TimelineFilter): Promise<TimelineRow[]>;
}

export interface TimelineWriter {
  insertTimelineEvents(rows: readonly NewTimelineEvent[]): Promise<void>;
  /** Deletes up to `limit` of the oldest events beyond the newest `keep` or before `olderThan` (virtual ms); answers the count. */
  pruneTimeline(keep: number, olderThan: number, limit: number): Promise<number>;
}
