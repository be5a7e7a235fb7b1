/**
 * The statements of polls, votes and the messages that show them (ports/polls.ts), one text for both
 * adapters (ADR 0109). The open polls' due reads differ: SQLite's partial index of open polls
 * (migration 031) serves `is_closed = 0` and not `NOT is_closed`, and PostgreSQL's boolean column
 * takes no `= 0`.
 */
export const POLLS_SQL = Object.freeze({
  getPoll: 'SELECT * FROM polls WHERE id = ?',
  listPollVotes: 'SELECT * FROM poll_votes WHERE poll_id = ? ORDER BY user_id',
  listPollMessages:
    'SELECT chat_pk, message_id FROM poll_messages WHERE poll_id = ? ORDER BY chat_pk, message_id',
  listDuePolls: Object.freeze({
    sqlite: `SELECT * FROM polls WHERE is_closed = 0 AND close_date IS NOT NULL AND close_date <= ?
      ORDER BY close_date, id LIMIT ?`,
    postgres: `SELECT * FROM polls WHERE NOT is_closed AND close_date IS NOT NULL AND close_date <= ?
      ORDER BY close_date, id LIMIT ?`,
  }),
  nextPollCloseDate: Object.freeze({
    sqlite: 'SELECT MIN(close_date) AS at FROM polls WHERE is_closed = 0 AND close_date IS NOT NULL',
    postgres: 'SELECT MIN(close_date) AS at FROM polls WHERE NOT is_closed AND close_date IS NOT NULL',
  }),
  closePoll: 'UPDATE polls SET is_closed = TRUE WHERE id = ? AND NOT is_closed',
  setPollVote: `INSERT INTO poll_votes (poll_id, user_id, option_ids, voted_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (poll_id, user_id) DO UPDATE SET option_ids = excluded.option_ids,
    voted_at = excluded.voted_at`,
  deletePollVote: 'DELETE FROM poll_votes WHERE poll_id = ? AND user_id = ?',
  addPollMessage:
    'INSERT INTO poll_messages (poll_id, chat_pk, message_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
} as const);
