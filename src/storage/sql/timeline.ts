/**
 * The statements of the timeline (ports/timeline.ts, ADR 0099), one text for both adapters (ADR
 * 0109). `LIMIT CAST(? AS INTEGER)`: SQLite plans a plain `LIMIT ?` with its value and prepares it
 * again at each bind (sqlite/sql-statements.ts); PostgreSQL reads both alike. The prunes stay in
 * each adapter: SQLite finds the edge first and deletes by it, PostgreSQL deletes in one statement.
 */
export const TIMELINE_SQL = Object.freeze({
  /** `select`, the filter's WHERE (timeline-query.ts), then `order`: the newest first. */
  listTimeline: Object.freeze({
    select: 'SELECT * FROM timeline_events',
    order: 'ORDER BY id DESC LIMIT CAST(? AS INTEGER)',
  }),
  /** Followed by one `insertTimelineEventsRow` per event, separated by commas. */
  insertTimelineEvents: `INSERT INTO timeline_events (at, kind, name, bot_id, chat_id, person_id, status, summary,
    duration_ms, request, answer) VALUES`,
  /** An event's values, in the columns' order above. */
  insertTimelineEventsRow: '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
} as const);
