/** Polls, votes and the messages that show them on PostgreSQL (ports/polls.ts). */
import type { PgSql } from '../pg-sql.js';
import { POLLS_SQL as SQL } from '../../sql/polls.js';
import type { PollRow, PollVoteRow, PollsReader, PollsWriter } from '../../ports/polls.js';

export class PgPolls implements PollsReader, PollsWriter {
  constructor(private readonly sql: PgSql) {}

  async getPoll(id: string) {
    return (await this.sql.get(SQL.getPoll, id)) as PollRow | undefined;
  }
  async listPollVotes(pollId: string) {
    return (await this.sql.all(SQL.listPollVotes, pollId)) as unknown as PollVoteRow[];
  }
  async listPollMessages(pollId: string) {
    return (await this.sql.all(SQL.listPollMessages, pollId)) as Array<{
      chat_pk: number;
      message_id: number;
    }>;
  }
  async listDuePolls(nowSec: number, limit: number) {
    return (await this.sql.all(SQL.listDuePolls.postgres, nowSec, limit)) as unknown as PollRow[];
  }
  async nextPollCloseDate() {
    const row = await this.sql.get(SQL.nextPollCloseDate.postgres);
    return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
  }
  async insertPoll(row: PollRow) {
    await this.sql.insert('polls', row);
  }
  async updatePoll(id: string, patch: Partial<Pick<PollRow, 'data' | 'is_closed'>>) {
    await this.sql.update('polls', 'id', id, patch);
  }
  async closePoll(id: string) {
    return (await this.sql.run(SQL.closePoll, id)) > 0;
  }
  async setPollVote(row: PollVoteRow) {
    await this.sql.run(SQL.setPollVote, row.poll_id, row.user_id, row.option_ids, row.voted_at);
  }
  async deletePollVote(pollId: string, userId: number) {
    await this.sql.run(SQL.deletePollVote, pollId, userId);
  }
  async addPollMessage(pollId: string, chatPk: number, messageId: number) {
    await this.sql.run(SQL.addPollMessage, pollId, chatPk, messageId);
  }
}
