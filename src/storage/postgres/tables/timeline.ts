/** The timeline on PostgreSQL (ports/timeline.ts, ADR 0099). */
import type { PgSql } from '../pg-sql.js';
import { TIMELINE_SQL as SQL } from '../../sql/timeline.js';
import { timelineWhere } from '../../timeline-query.js';
import type {
  NewTimelineEvent,
  TimelineFilter,
  TimelineReader,
  TimelineRow,
  TimelineWriter,
} from '../../ports/timeline.js';

/** The columns, in the order of TIMELINE_SQL.insertTimelineEvents. */
const COLUMNS = [
  'at',
  'kind',
  'name',
  'bot_id',
  'chat_id',
  'person_id',
  'status',
  'summary',
  'duration_ms',
  'request',
  'answer',
] as const;

/** Rows per INSERT statement, within PostgreSQL's 65535 bound parameters. */
const CHUNK = 1000;

export class PgTimeline implements TimelineReader, TimelineWriter {
  constructor(private readonly sql: PgSql) {}

  async listTimeline(filter: TimelineFilter) {
    const { where, values } = timelineWhere(filter, 'ILIKE');
    const { select, order } = SQL.listTimeline;
    return (await this.sql.all(
      `${select} ${where} ${order}`,
      ...values,
      filter.limit,
    )) as unknown as TimelineRow[];
  }
  /**
   * One statement per `CHUNK` rows; in a write it goes with the next statement (no round trip of its
   * own), and a single event (an update queued: one a person's message, two or more a group's
   * creation) joins the events that wait with it, of the write or of the others of its batch, in
   * one multi-row insert (pg-waiting.ts).
   */
  async insertTimelineEvents(rows: readonly NewTimelineEvent[]) {
    if (rows.length === 1 && this.sql.write) {
      const [row] = rows as [NewTimelineEvent];
      return this.sql.insertLater('timeline_events', Object.fromEntries(COLUMNS.map((c) => [c, row[c]])));
    }
    for (let start = 0; start < rows.length; start += CHUNK) {
      const chunk = rows.slice(start, start + CHUNK);
      await this.sql.runLater(
        'timeline_events',
        `${SQL.insertTimelineEvents} ${chunk.map(() => SQL.insertTimelineEventsRow).join(', ')}`,
        ...chunk.flatMap((row) => COLUMNS.map((column) => row[column])),
      );
    }
  }
  async pruneTimeline(keep: number, olderThan: number, limit: number) {
    // Ids grow with time: what goes is every id up to a cut, by count or by age, whichever is
    // later, and of it the oldest `limit` rows. The scan for the first young row stops there.
    return this.sql.run(
      `DELETE FROM timeline_events WHERE id <= LEAST(
         GREATEST(
           COALESCE((SELECT id FROM timeline_events ORDER BY id DESC LIMIT 1 OFFSET ?), 0),
           COALESCE((SELECT id FROM timeline_events WHERE at >= ? ORDER BY id LIMIT 1) - 1,
             (SELECT MAX(id) FROM timeline_events), 0)),
         COALESCE((SELECT id FROM timeline_events ORDER BY id LIMIT 1 OFFSET ?), (SELECT MAX(id) FROM timeline_events)))`,
      keep,
      olderThan,
      limit - 1,
    );
  }
}
