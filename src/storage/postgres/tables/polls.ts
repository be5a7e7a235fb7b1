/** Polls, votes and the messages that show them on PostgreSQL (ports/polls.ts). */
import type { PgSql } from '../pg-sql.js';
import type { PollRow, PollVoteRow, PollsReader, PollsWriter } from '../../ports/polls.js';

export class PgPolls implements PollsReader, PollsWriter {
  constructor(private readonly sql: PgSql) {}

  async getPoll(id: string) {
    return (await this.sql.get('SELECT * FROM polls WHERE id = ?', id)) as PollRow | undefined;
  }
  async listPollVotes(pollId: string) {
    return (await this.sql.all(
      'SELECT * FROM poll_votes WHERE poll_id = ? ORDER BY user_id',
      pollId,
    )) as unknown as PollVoteRow[];
  }
  async listPollMessages(pollId: string) {
    return (await this.sql.all(
      'SELECT chat_pk, message_id FROM poll_messages WHERE poll_id = ? ORDER BY chat_pk, message_id',
      pollId,
    )) as Array<{ chat_pk: number; message_id: number }>;
  }
  async listDuePolls(nowSec: number, limit: number) {
    return (await this.sql.all(
      `SELECT * FROM polls WHERE NOT is_closed AND close_date IS NOT NULL AND close_date <= ?
       ORDER BY close_date, id LIMIT ?`,
      nowSec,
      limit,
    )) as unknown as PollRow[];
  }
  async nextPollCloseDate() {
    const row = await this.sql.get(
      'SELECT MIN(close_date) AS at FROM polls WHERE NOT is_closed AND close_date IS NOT NULL',
    );
    return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
  }
  async insertPoll(row: PollRow) {
    await this.sql.insert('polls', row);
  }
  async updatePoll(id: string, patch: Partial<Pick<PollRow, 'data' | 'is_closed'>>) {
    await this.sql.update('polls', 'id', id, patch);
  }
  async closePoll(id: string) {
    return (await this.sql.run('UPDATE polls SET is_closed = TRUE WHERE id = ? AND NOT is_closed', id)) > 0;
  }
  async setPollVote(row: PollVoteRow) {
    await this.sql.run(
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
    await this.sql.run('DELETE FROM poll_votes WHERE poll_id = ? AND user_id = ?', pollId, userId);
  }
  async addPollMessage(pollId: string, chatPk: number, messageId: number) {
    await this.sql.run(
      'INSERT INTO poll_messages (poll_id, chat_pk, message_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
      pollId,
      chatPk,
      messageId,
    );
  }
}
