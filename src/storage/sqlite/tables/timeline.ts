/** The timeline on SQLite (ports/timeline.ts, ADR 0099). */
import { LIMIT_PARAM, type SqlStatements } from '../sql-statements.js';
import { timelineWhere } from '../../timeline-query.js';
import type {
  NewTimelineEvent,
  TimelineFilter,
  TimelineReader,
  TimelineRow,
  TimelineWriter,
} from '../../ports/timeline.js';

/** One event's insert, written out once (every Bot API call records one). */
const INSERT = `INSERT INTO timeline_events (at, kind, name, bot_id, chat_id, person_id, status, summary,
  duration_ms, request, answer) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

export class SqliteTimeline implements TimelineReader, TimelineWriter {
  constructor(private readonly sql: SqlStatements) {}

  async listTimeline(filter: TimelineFilter) {
    // SQLite's LIKE ignores the case of ASCII letters.
    const { where, values } = timelineWhere(filter, 'LIKE');
    return this.sql.all(
      `SELECT * FROM timeline_events ${where} ORDER BY id DESC LIMIT ${LIMIT_PARAM}`,
      ...values,
      filter.limit,
    ) as unknown as TimelineRow[];
  }
  async insertTimelineEvents(rows: readonly NewTimelineEvent[]) {
    const insert = this.sql.stmt(INSERT);
    for (const r of rows) {
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
  async pruneTimeline(keep: number, olderThan: number) {
    let deleted = 0;
    const edge = this.sql.get(
      `SELECT id FROM timeline_events ORDER BY id DESC LIMIT 1 OFFSET ${LIMIT_PARAM}`,
      keep,
    );
    if (edge) deleted += this.sql.run('DELETE FROM timeline_events WHERE id <= ?', edge.id).changes;
    // The oldest rows come first by id: the scan stops at the first young one.
    const young = this.sql.get('SELECT id FROM timeline_events WHERE at >= ? ORDER BY id LIMIT 1', olderThan);
    deleted +=
      young === undefined
        ? this.sql.run('DELETE FROM timeline_events').changes
        : this.sql.run('DELETE FROM timeline_events WHERE id < ?', young.id).changes;
    return deleted;
  }
}
