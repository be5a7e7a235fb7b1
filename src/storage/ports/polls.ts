/**
 * Polls and their votes (tables `polls`, `poll_votes`, `poll_messages`).
 *
 * Contract:
 * - A poll is stored in the same write as the message that carries it, so that no poll message
 *   exists without its poll.
 * - One vote row per (poll, user); `setPollVote` replaces it.
 * - `closePoll` closes an open poll once: a second call (another pass, another node) answers false.
 */

/** A poll sent with sendPoll (storage/sqlite/migrations/004-polls.sql). */
export interface PollRow {
  id: string;
  /** The chat and message it was sent with. */
  chat_pk: number;
  message_id: number;
  sender_id: number | null;
  /** JSON: question, options, type and settings; vote counts are counted from the votes. */
  data: string;
  is_closed: boolean;
  /** When the poll closes by itself (close_date, or the send date plus open_period), unix seconds. */
  close_date: number | null;
  created_at: number;
}

export interface PollVoteRow {
  poll_id: string;
  user_id: number;
  /** JSON array of 0-based option indexes. */
  option_ids: string;
  voted_at: number;
}

export interface PollsReader {
  getPoll(id: string): Promise<PollRow | undefined>;
  /** The poll's current answers, in order of user_id. */
  listPollVotes(pollId: string): Promise<PollVoteRow[]>;
  /** The messages that show the poll (its original and forwards). */
  listPollMessages(pollId: string): Promise<Array<{ chat_pk: number; message_id: number }>>;
  /** Open polls whose close_date is at or before `nowSec`, earliest first. */
  listDuePolls(nowSec: number, limit: number): Promise<PollRow[]>;
  /** The earliest close_date of an open poll, if any. */
  nextPollCloseDate(): Promise<number | undefined>;
}

export interface PollsWriter {
  insertPoll(row: PollRow): Promise<void>;
  updatePoll(id: string, patch: Partial<Pick<PollRow, 'data' | 'is_closed'>>): Promise<void>;
  /** Closes the poll if it is open; false when it was closed already. */
  closePoll(id: string): Promise<boolean>;
  /** Sets a user's answer; an empty option list is stored too (a retracted vote is deleted instead). */
  setPollVote(row: PollVoteRow): Promise<void>;
  deletePollVote(pollId: string, userId: number): Promise<void>;
  addPollMessage(pollId: string, chatPk: number, messageId: number): Promise<void>;
}
