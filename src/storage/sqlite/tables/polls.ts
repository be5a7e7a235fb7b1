/** Polls, votes and the messages that show them on SQLite (ports/polls.ts). */
import { type Row, type SqlStatements } from '../sql-statements.js';
import { POLLS_SQL as SQL } from '../../sql/polls.js';
import { type PollRow, type PollVoteRow, type PollsReader, type PollsWriter } from '../../ports/polls.js';

const pollOf = (row: Row) => ({ ...row, is_closed: row.is_closed === 1 }) as unknown as PollRow;

export class SqlitePolls implements PollsReader, PollsWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getPoll(id: string) {
    const row = this.#sql.get(SQL.getPoll, id);
    return row ? pollOf(row) : undefined;
  }
  async listPollVotes(pollId: string) {
    return this.#sql.all(SQL.listPollVotes, pollId) as unknown as PollVoteRow[];
  }
  async listPollMessages(pollId: string) {
    return this.#sql.all(SQL.listPollMessages, pollId) as Array<{ chat_pk: number; message_id: number }>;
  }
  async listDuePolls(nowSec: number, limit: number) {
    return this.#sql.all(SQL.listDuePolls.sqlite, nowSec, limit).map(pollOf);
  }
  async nextPollCloseDate() {
    const row = this.#sql.get(SQL.nextPollCloseDate.sqlite);
    return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
  }
  async insertPoll(row: PollRow) {
    this.#sql.insert('polls', row);
  }
  async updatePoll(id: string, patch: Partial<Pick<PollRow, 'data' | 'is_closed'>>) {
    this.#sql.update('polls', 'id', id, patch);
  }
  async closePoll(id: string) {
    return this.#sql.run(SQL.closePoll, id).changes > 0;
  }
  async setPollVote(row: PollVoteRow) {
    this.#sql.run(SQL.setPollVote, row.poll_id, row.user_id, row.option_ids, row.voted_at);
  }
  async deletePollVote(pollId: string, userId: number) {
    this.#sql.run(SQL.deletePollVote, pollId, userId);
  }
  async addPollMessage(pollId: string, chatPk: number, messageId: number) {
    this.#sql.run(SQL.addPollMessage, pollId, chatPk, messageId);
  }
}
