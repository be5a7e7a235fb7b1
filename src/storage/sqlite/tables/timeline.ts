/** The timeline on SQLite (ports/timeline.ts, ADR 0099). */
import { LIMIT_PARAM, type SqlStatements } from '../sql-statements.js';
import { TIMELINE_SQL as SQL } from '../../sql/timeline.js';
import { timelineWhere } from '../../timeline-query.js';
import type {
  NewTimelineEvent,
  TimelineFilter,
  TimelineReader,
  TimelineRow,
  TimelineWriter,
} from '../../ports/timeline.js';

/** One event's insert, written out once (every Bot API call records one). */
const INSERT = `${SQL.insertTimelineEvents} ${SQL.insertTimelineEventsRow}`;
/** Rows per statement of a batch (the timeline writes its events in batches, ADR 0099). */
const CHUNK = 32;
const CHUNK_ROWS = Array.from({ length: CHUNK }, () => SQL.insertTimelineEventsRow).join(', ');
const INSERT_CHUNK = `${SQL.insertTimelineEvents} ${CHUNK_ROWS}`;

export class SqliteTimeline implements TimelineReader, TimelineWriter {
  constructor(private readonly sql: SqlStatements) {}

  async listTimeline(filter: TimelineFilter) {
    // SQLite's LIKE ignores the case of ASCII letters.
    const { where, values } = timelineWhere(filter, 'LIKE');
    const { select, order } = SQL.listTimeline;
    return this.sql.all(`${select} ${where} ${order}`, ...values, filter.limit) as unknown as TimelineRow[];
  }
  /** In statements of CHUNK rows (one call into SQLite each, its values in one array), the rest one by one. */
  async insertTimelineEvents(rows: readonly NewTimelineEvent[]) {
    let start = 0;
    if (rows.length >= CHUNK) {
      const chunk = this.sql.stmt(INSERT_CHUNK);
      const values: unknown[] = new Array<unknown>(CHUNK * 11);
      for (; start + CHUNK <= rows.length; start += CHUNK) {
        for (let i = 0; i < CHUNK; i++) {
          const r = rows[start + i]!;
          const at = i * 11;
          values[at] = r.at;
          values[at + 1] = r.kind;
          values[at + 2] = r.name;
          values[at + 3] = r.bot_id;
          values[at + 4] = r.chat_id;
          values[at + 5] = r.person_id;
          values[at + 6] = r.status;
          values[at + 7] = r.summary;
          values[at + 8] = r.duration_ms;
          values[at + 9] = r.request;
          values[at + 10] = r.answer;
        }
        chunk.run(values);
      }
    }
    const insert = this.sql.stmt(INSERT);
    for (let i = start; i < rows.length; i++) {
      const r = rows[i]!;
      insert.run(
        r.at,
        r.kind,
        r.name,
        r.bot_id,
        r.chat_id,
        r.person_id,
        r.status,
        r.summary,
        r.duration_ms,
        r.request,
        r.answer,
      );
    }
  }
  async pruneTimeline(keep: number, olderThan: number, limit: number) {
    // Ids grow with time: what goes is every id up to a cut, by count or by age, whichever is
    // later, and of it the oldest `limit` rows. The scan for the first young row stops there.
    const byCount = this.sql.get(
      `SELECT id FROM timeline_events ORDER BY id DESC LIMIT 1 OFFSET ${LIMIT_PARAM}`,
      keep,
    );
    const young = this.sql.get('SELECT id FROM timeline_events WHERE at >= ? ORDER BY id LIMIT 1', olderThan);
    const byAge = young
      ? [{ id: (young.id as number) - 1 }]
      : this.sql.all('SELECT MAX(id) AS id FROM timeline_events');
    const cut = Math.max((byCount?.id as number | undefined) ?? 0, (byAge[0]?.id as number | null) ?? 0);
    if (cut <= 0) return 0;
    const sliceEnd = this.sql.get(
      `SELECT id FROM timeline_events ORDER BY id LIMIT 1 OFFSET ${LIMIT_PARAM}`,
      limit - 1,
    );
    return this.sql.run(
      'DELETE FROM timeline_events WHERE id <= ?',
      Math.min(cut, (sliceEnd?.id as number) ?? cut),
    ).changes;
  }
}
