/**
 * People send polls and quizzes (control API `POST /control/messages/poll`, `parley send --poll`):
 * the bots of the chat get a `message` (or `channel_post`) with the Poll as the Bot API shapes it
 * (polls.ts renderPoll), and people vote in it with `POST /control/polls/vote`. The poll is stored
 * like a bot's (Polls.record), so votes and closing work the same; no bot gets `poll` or
 * `poll_answer` updates for it (spec: bots receive those only for polls they sent).
 *
 * The rules are the platform's for sendPoll (TDLib's poll checks): a question of 1-300 characters,
 * 1-12 options of 1-100 characters each (after trimming), a quiz with increasing valid correct
 * option ids and an explanation of at most 200 characters, open_period 5 s to about a month.
 * Everything is checked before the message's write, which also checks the chat, can_send_polls and
 * the reply target, so a refused poll stores nothing.
 */
import { PlatformError } from '../core/errors.js';
import type { Messages } from './messages.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { PollData, Polls } from './polls.js';
import type { Users } from '../users/users.js';
import type { WireMessage } from '../core/wire-types.js';
import { codePointLength } from '../formatting/index.js';

export const MAX_POLL_QUESTION_LENGTH = 300;
export const MAX_POLL_OPTIONS = 12;
export const MAX_POLL_OPTION_LENGTH = 100;
export const MAX_QUIZ_EXPLANATION_LENGTH = 200;
/** open_period: 5 s to about a month (sendPoll's bounds). */
export const MIN_POLL_OPEN_PERIOD = 5;
export const MAX_POLL_OPEN_PERIOD = 2_628_000;

export interface PersonPoll {
  question: string;
  options: string[];
  type?: 'regular' | 'quiz' | undefined;
  /** Default true, as in the clients and the Bot API. */
  is_anonymous?: boolean | undefined;
  allows_multiple_answers?: boolean | undefined;
  /** Default: true for a regular poll, false for a quiz (as sendPoll). */
  allows_revoting?: boolean | undefined;
  /** Quiz only: the 0-based ids of the correct options, increasing. */
  correct_option_ids?: number[] | undefined;
  /** Quiz only: shown after a wrong answer, 0-200 characters. */
  explanation?: string | undefined;
  /** Seconds the poll stays open (5-2628000), or: */
  open_period?: number | undefined;
  /** the Unix time it closes (5 s to about a month from now). */
  close_date?: number | undefined;
}

export class PersonPollSender {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly messages: Messages,
    private readonly polls: Polls,
  ) {}

  /** A person sends a poll or a quiz; returns the message as they see it. */
  async send(userRef: string, chatRef: string, given: PersonPoll, replyTo?: number): Promise<WireMessage> {
    const user = await this.users.resolve(userRef, 'user');
    const data = pollDataOf(given, this.deps.clock.now());
    const id = this.polls.newId();
    // The poll is recorded in the message's own write: no poll message exists without its poll.
    return this.messages.deliverFromUser(
      user,
      chatRef,
      { poll: this.polls.initial(id, data, false) },
      replyTo,
      (tx, _chat, row) => this.polls.record(tx, id, data, false, row),
    );
  }
}

/** The poll's stored settings from what the person gave, checked as sendPoll checks a bot's. */
function pollDataOf(given: PersonPoll, now: number): PollData {
  const type = given.type ?? 'regular';
  if (type !== 'regular' && type !== 'quiz') {
    throw new PlatformError('BAD_REQUEST', 'type must be regular or quiz');
  }
  const question = (given.question ?? '').trim();
  if (question === '') throw new PlatformError('BAD_REQUEST', 'the poll question is empty');
  if (codePointLength(question) > MAX_POLL_QUESTION_LENGTH) {
    throw new PlatformError(
      'BAD_REQUEST',
      `the poll question is longer than ${MAX_POLL_QUESTION_LENGTH} characters`,
    );
  }
  const options = given.options.map((option) => (typeof option === 'string' ? option.trim() : ''));
  if (options.length === 0) throw new PlatformError('BAD_REQUEST', 'a poll needs at least 1 option');
  if (options.length > MAX_POLL_OPTIONS) {
    throw new PlatformError('BAD_REQUEST', `a poll has at most ${MAX_POLL_OPTIONS} options`);
  }
  for (const option of options) {
    if (option === '') throw new PlatformError('BAD_REQUEST', 'a poll option is empty');
    if (codePointLength(option) > MAX_POLL_OPTION_LENGTH) {
      throw new PlatformError(
        'BAD_REQUEST',
        `a poll option is longer than ${MAX_POLL_OPTION_LENGTH} characters`,
      );
    }
  }
  const data: PollData = {
    question,
    options: options.map((text, i) => ({ persistent_id: String(i), text })),
    is_anonymous: given.is_anonymous ?? true,
    type,
    allows_multiple_answers: given.allows_multiple_answers ?? false,
    allows_revoting: given.allows_revoting ?? type === 'regular',
    members_only: false,
  };
  if (type === 'quiz') {
    const correct = given.correct_option_ids ?? [];
    const valid =
      correct.length > 0 &&
      correct.every(
        (id, i) =>
          Number.isInteger(id) && id >= 0 && id < options.length && (i === 0 || id > correct[i - 1]!),
      );
    if (!valid) {
      throw new PlatformError(
        'BAD_REQUEST',
        'a quiz needs correct_option_ids: increasing 0-based ids of its options',
      );
    }
    data.correct_option_ids = correct;
    const explanation = given.explanation?.trim() ?? '';
    if (codePointLength(explanation) > MAX_QUIZ_EXPLANATION_LENGTH) {
      throw new PlatformError(
        'BAD_REQUEST',
        `the explanation is longer than ${MAX_QUIZ_EXPLANATION_LENGTH} characters`,
      );
    }
    if (explanation !== '') data.explanation = explanation;
  } else if (given.correct_option_ids !== undefined || given.explanation !== undefined) {
    throw new PlatformError('BAD_REQUEST', 'correct_option_ids and explanation are for quizzes');
  }
  Object.assign(data, closing(given, now));
  return data;
}

/** open_period (shown with the close_date it gives, as the platform shows it) or close_date. */
function closing(given: PersonPoll, now: number): Pick<PollData, 'open_period' | 'close_date'> {
  const { open_period: period, close_date: closeDate } = given;
  if (period !== undefined && closeDate !== undefined) {
    throw new PlatformError('BAD_REQUEST', 'give open_period or close_date, not both');
  }
  if (period !== undefined) {
    if (!Number.isInteger(period) || period < MIN_POLL_OPEN_PERIOD || period > MAX_POLL_OPEN_PERIOD) {
      throw new PlatformError(
        'BAD_REQUEST',
        `open_period must be ${MIN_POLL_OPEN_PERIOD}-${MAX_POLL_OPEN_PERIOD} seconds`,
      );
    }
    return { open_period: period, close_date: now + period };
  }
  if (closeDate === undefined) return {};
  if (
    !Number.isInteger(closeDate) ||
    closeDate < now + MIN_POLL_OPEN_PERIOD ||
    closeDate > now + MAX_POLL_OPEN_PERIOD
  ) {
    throw new PlatformError(
      'BAD_REQUEST',
      `close_date must be ${MIN_POLL_OPEN_PERIOD}-${MAX_POLL_OPEN_PERIOD} seconds from now`,
    );
  }
  return { close_date: closeDate };
}
