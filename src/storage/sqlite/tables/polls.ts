/** Polls, votes and the messages that show them on SQLite (ports/polls.ts). */
import { sqlValue, type SqlStatements } from '../sql-statements.js';
import { type PollRow, type PollVoteRow, type PollsReader, type PollsWriter } from '../../ports/polls.js';

export class SqlitePolls implements PollsReader, PollsWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getPoll(id: string) {
    const row = this.#sql.get('SELECT * FROM polls WHERE id = ?', id);
    return row ? ({ ...row, is_closed: row.is_closed === 1 } as unknown as PollRow) : undefined;
  }
  async listPollVotes(pollId: string) {
    return this.#sql.all(
      'SELECT * FROM poll_votes WHERE poll_id = ? ORDER BY user_id',
      pollId,
    ) as unknown as PollVoteRow[];
  }
  async listPollMessages(pollId: string) {
    return this.#sql.all(
      'SELECT chat_pk, message_id FROM poll_messages WHERE poll_id = ? ORDER BY chat_pk, message_id',
      pollId,
    ) as Array<{ chat_pk: number; message_id: number }>;
  }
  async listDuePolls(nowSec: number, limit: number) {
    return this.#sql
      .all(
        `SELECT * FROM polls WHERE is_closed = 0 AND close_date IS NOT NULL AND close_date <= ?
         ORDER BY close_date, id LIMIT ?`,
        nowSec,
        limit,
      )
      .map((row) => ({ ...row, is_closed: row.is_closed === 1 }) as unknown as PollRow);
  }
  async nextPollCloseDate() {
    const row = this.#sql.get(
      'SELECT MIN(close_date) AS at FROM polls WHERE is_closed = 0 AND close_date IS NOT NULL',
    );
    return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
  }
  async insertPoll(row: PollRow) {
    this.#sql.insert('polls', row);
  }
  async updatePoll(id: string, patch: Partial<Pick<PollRow, 'data' | 'is_closed'>>) {
    const keys = Object.keys(patch) as Array<keyof typeof patch>;
    if (keys.length === 0) return;
    const sql = `UPDATE polls SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE id = ?`;
    this.#sql.run(sql, ...keys.map((k) => sqlValue(patch[k])), id);
  }
  async closePoll(id: string) {
    return this.#sql.run('UPDATE polls SET is_closed = 1 WHERE id = ? AND is_closed = 0', id).changes > 0;
  }
  async setPollVote(row: PollVoteRow) {
    this.#sql.run(
      `INSERT INTO poll_votes (poll_id, user_id, option_ids, voted_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (poll_id, user_id) DO UPDATE SET option_ids = excluded.option_ids,
       voted_at = excluded.voted_at`,
      row.poll_id,
      row.user_id,
      row.option_ids,
      row.voted_at,
    );
  }
  async deletePollVote(pollId: string, userId: number) {
    this.#sql.run('DELETE FROM poll_votes WHERE poll_id = ? AND user_id = ?', pollId, userId);
  }
  async addPollMessage(pollId: string, chatPk: number, messageId: number) {
    this.#sql.run(
      'INSERT OR IGNORE INTO poll_messages (poll_id, chat_pk, message_id) VALUES (?, ?, ?)',
      pollId,
      chatPk,
      messageId,
    );
  }
}
