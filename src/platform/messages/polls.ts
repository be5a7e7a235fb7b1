/**
 * Polls: the poll a bot sends (sendPoll), stopping it (stopPoll), and people's votes.
 *
 * A poll's settings live in `polls.data`; its answers in `poll_votes`, one row per voter, so the
 * counts are always counted, never incremented. Every message that shows the poll (the original and
 * its forwards, `poll_messages`) carries the poll's current state in its body, rewritten whenever a
 * vote or a stop changes it, so that any reader of the message sees the same counts.
 *
 * State: open -> closed, by stopPoll, by `is_closed` at sending, or when close_date passes on the
 * virtual clock (an open_period poll is stored with its close_date). A poll reads as closed from
 * that moment; the closing pass (closeDue, its timed job: core/timed-jobs.ts; ADR 0073) then marks the
 * row closed by a conditional update, so that it acts once, rewrites the messages that show it and
 * tells the bot. A closed poll takes no votes.
 *
 * Updates (spec/bot-api.md Update): the bot that sent a poll gets `poll` with its new state after
 * each vote and when it is stopped or closes, and `poll_answer` for each vote in a non-anonymous poll.
 */
import type { Poll } from '../../wire/bot-api-types.js';
import { PlatformError } from '../core/errors.js';
import { fillPollMentions, mentionsFilledLater } from './mentioned-users.js';
import type { Messages } from './messages.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import { secondsToMs, type TimedJobs } from '../core/timed-jobs.js';
import type { EnqueueTx, UpdateQueue } from '../updates/update-queue.js';
import { renderUser, type Users } from '../users/users.js';
import type { MessageContent, WireEntity } from '../core/wire-types.js';
import type { ChatRow, PollRow, PollVoteRow, UserRow } from '../../storage/store.js';
import type { UsersReader } from '../../storage/ports/users.js';
import type { PollsReader, PollsWriter } from '../../storage/ports/polls.js';
import type { MessagesReader, MessagesWriter } from '../../storage/ports/messages.js';

export interface PollOptionData {
  persistent_id: string;
  text: string;
  text_entities?: WireEntity[];
}

/** What is stored about a poll (the Poll object's fields other than id, counts and state). */
export interface PollData {
  question: string;
  question_entities?: WireEntity[];
  options: PollOptionData[];
  is_anonymous: boolean;
  type: 'regular' | 'quiz';
  allows_multiple_answers: boolean;
  allows_revoting: boolean;
  members_only: boolean;
  country_codes?: string[];
  correct_option_ids?: number[];
  explanation?: string;
  explanation_entities?: WireEntity[];
  open_period?: number;
  close_date?: number;
  /** Counts read 0 until the poll closes. */
  hide_results_until_closes?: boolean;
  /** Only for polls inside a Message. */
  description?: string;
  description_entities?: WireEntity[];
}

/**
 * A Poll as the platform renders it: the Bot API's, with the older correct_option_id the reference
 * still sends beside correct_option_ids for a quiz with one correct answer (ADR 0072).
 */
export type WirePoll = Poll & { correct_option_id?: number };

/** Due polls closed per write of the closing pass. */
const CLOSE_BATCH = 50;

export class Polls {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly messages: Messages,
    private readonly updates: UpdateQueue,
    timedJobs: TimedJobs,
  ) {
    // Polls close at close_date (or after open_period) on the virtual clock (ADR 0073).
    timedJobs.register({
      name: 'poll-closing',
      failure: 'closing polls failed',
      run: async () => secondsToMs(await this.closeDue()),
      next: async () => secondsToMs(await deps.store.nextPollCloseDate()),
    });
  }

  /** A new poll id: a positive 63-bit decimal number, as the reference's look. */
  newId(): string {
    const value = this.deps.random.bytes(8).readBigUInt64BE(0) & 0x7fffffffffffffffn;
    return (value === 0n ? 1n : value).toString();
  }

  /** The Poll object of a poll that is not stored yet (the message being sent carries it). */
  initial(id: string, data: PollData, isClosed: boolean): WirePoll {
    return renderPoll(id, data, isClosed, [], true);
  }

  /**
   * Records a poll in the transaction that stores the message carrying it (so that no poll message
   * exists without its poll: ports/polls.ts).
   */
  async record(
    tx: PollsWriter,
    id: string,
    data: PollData,
    isClosed: boolean,
    message: { chat_pk: number; message_id: number; sender_id: number | null },
  ): Promise<void> {
    await tx.insertPoll({
      id,
      chat_pk: message.chat_pk,
      message_id: message.message_id,
      sender_id: message.sender_id,
      data: JSON.stringify(data),
      is_closed: isClosed,
      close_date: data.close_date ?? null,
      created_at: this.deps.clock.now(),
    });
    await tx.addPollMessage(id, message.chat_pk, message.message_id);
  }

  /** A forward of a message with a poll shows the same poll, kept current like the original. */
  async addMessage(tx: PollsWriter, pollId: string, chatPk: number, messageId: number): Promise<void> {
    await tx.addPollMessage(pollId, chatPk, messageId);
  }

  /** The poll's settings, for a copy (a new poll with the same settings). */
  async dataOf(pollId: string): Promise<PollData | undefined> {
    const row = await this.deps.store.getPoll(pollId);
    return row ? (JSON.parse(row.data) as PollData) : undefined;
  }

  /** The current Poll object (as in updates and stopPoll's answer: without description). */
  async current(reader: PollsReader & UsersReader, pollId: string): Promise<WirePoll | undefined> {
    const row = await reader.getPoll(pollId);
    if (!row) return undefined;
    const data = JSON.parse(row.data) as PollData;
    const wire = renderPoll(row.id, data, this.#isClosed(row), await reader.listPollVotes(row.id), false);
    return fillPollMentions(reader, wire);
  }

  /**
   * stopPoll: the bot closes a poll it sent, optionally with a new inline keyboard (none removes
   * it, as an edit does). Returns the closed Poll; the bot gets a `poll` update with it.
   */
  async stop(bot: UserRow, chat: ChatRow, messageId: number, replyMarkup: unknown): Promise<WirePoll> {
    const { store } = this.deps;
    const result = await store.write(async (tx) => {
      const row = await tx.getMessage(chat.pk, messageId);
      if (!row) throw new PlatformError('POLL_TO_STOP_NOT_FOUND', 'message with poll to stop not found');
      const content = JSON.parse(row.body) as MessageContent;
      const pollId = (content.poll as { id?: string } | undefined)?.id;
      const poll = pollId === undefined ? undefined : await tx.getPoll(pollId);
      if (!poll) throw new PlatformError('MESSAGE_IS_NOT_A_POLL', 'message is not a poll');
      if (row.sender_id !== bot.id) throw new PlatformError('POLL_CANT_BE_STOPPED', "poll can't be stopped");
      if (this.#isClosed(poll))
        throw new PlatformError('POLL_ALREADY_CLOSED', 'poll has already been closed');
      await tx.updatePoll(poll.id, { is_closed: true });
      const changed = await this.#refreshMessages(tx, poll.id, { chatPk: chat.pk, messageId, replyMarkup });
      const wire = (await this.current(tx, poll.id))!;
      await this.#notifySender(tx, poll, wire, []);
      return { wire, changed, poll };
    });
    this.#announce(result.changed, result.poll);
    return result.wire;
  }

  /**
   * A person votes in the poll of a message they can see (the control API, the web client). An
   * empty `optionIds` retracts the vote where the poll allows it. Returns the poll's new state.
   */
  async vote(userRef: string, chatRef: string, messageId: number, optionIds: number[]): Promise<WirePoll> {
    const { store, clock } = this.deps;
    const user = await this.users.resolve(userRef, 'user');
    const result = await store.write(async (tx) => {
      const chat = await this.messages.chatForUser(tx, user, chatRef, false);
      if (!chat) throw new PlatformError('CHAT_NOT_FOUND', `no chat "${chatRef}"`);
      const row = await tx.getMessage(chat.pk, messageId);
      const pollId = row ? (JSON.parse(row.body) as MessageContent).poll : undefined;
      const poll = pollId ? await tx.getPoll((pollId as { id: string }).id) : undefined;
      if (!poll) throw new PlatformError('MESSAGE_NOT_FOUND', `no poll in message ${messageId}`);
      const data = JSON.parse(poll.data) as PollData;
      checkVote(data, optionIds, this.#isClosed(poll));
      const previous = (await tx.listPollVotes(poll.id)).find((vote) => vote.user_id === user.id);
      if (previous && !data.allows_revoting) {
        throw new PlatformError('BAD_REQUEST', 'the poll does not allow changing the answer');
      }
      if (optionIds.length === 0) {
        if (!previous) throw new PlatformError('BAD_REQUEST', 'there is no vote to retract');
        await tx.deletePollVote(poll.id, user.id);
      } else {
        await tx.setPollVote({
          poll_id: poll.id,
          user_id: user.id,
          option_ids: JSON.stringify(optionIds),
          voted_at: clock.now(),
        });
      }
      const changed = await this.#refreshMessages(tx, poll.id);
      const wire = (await this.current(tx, poll.id))!;
      const answer = data.is_anonymous
        ? undefined
        : {
            poll_id: poll.id,
            user: renderUser(user),
            option_ids: optionIds,
            option_persistent_ids: optionIds.map((i) => data.options[i]!.persistent_id),
          };
      await this.#notifySender(tx, poll, wire, answer ? [answer] : []);
      return { wire, changed, poll };
    });
    this.#announce(result.changed, result.poll);
    return result.wire;
  }

  /**
   * Closes the open polls whose close_date has come (the sweep's pass): each is marked closed once,
   * the messages that show it are rewritten and its bot gets `poll`. Answers the next close_date.
   */
  async closeDue(): Promise<number | undefined> {
    const { store, clock } = this.deps;
    for (;;) {
      const due = await store.listDuePolls(clock.now(), CLOSE_BATCH);
      for (const row of due) {
        const result = await store.write(async (tx) => {
          // Another pass, stopPoll or another node may have closed it since it was listed.
          if (!(await tx.closePoll(row.id))) return undefined;
          const changed = await this.#refreshMessages(tx, row.id);
          await this.#notifySender(tx, row, (await this.current(tx, row.id))!, []);
          return changed;
        });
        if (result) this.#announce(result, row);
      }
      if (due.length < CLOSE_BATCH) break;
    }
    return store.nextPollCloseDate();
  }

  #isClosed(poll: PollRow): boolean {
    if (poll.is_closed) return true;
    // An open_period poll is stored with its close_date (the reference shows both).
    const { close_date: closeDate } = JSON.parse(poll.data) as PollData;
    return closeDate !== undefined && this.deps.clock.now() >= closeDate;
  }

  /**
   * Rewrites the poll in the body of every message that shows it (keeping each message's edit
   * date); `markup` also replaces the inline keyboard of one of them (stopPoll).
   */
  async #refreshMessages(
    tx: MessagesReader & MessagesWriter & PollsReader,
    pollId: string,
    markup?: { chatPk: number; messageId: number; replyMarkup: unknown },
  ): Promise<Array<{ chatPk: number; messageId: number }>> {
    const poll = (await tx.getPoll(pollId))!;
    const data = JSON.parse(poll.data) as PollData;
    const wire = renderPoll(poll.id, data, this.#isClosed(poll), await tx.listPollVotes(poll.id), true);
    const changed: Array<{ chatPk: number; messageId: number }> = [];
    for (const { chat_pk: chatPk, message_id: messageId } of await tx.listPollMessages(pollId)) {
      const row = await tx.getMessage(chatPk, messageId);
      if (!row) continue;
      const content = JSON.parse(row.body) as MessageContent;
      content.poll = wire;
      if (markup && markup.chatPk === chatPk && markup.messageId === messageId) {
        if (markup.replyMarkup === undefined) delete content.reply_markup;
        else content.reply_markup = markup.replyMarkup;
      }
      await tx.updateMessage(chatPk, messageId, JSON.stringify(content), row.edit_date);
      changed.push({ chatPk, messageId });
    }
    return changed;
  }

  /** Queues `poll` (and `poll_answer`) for the bot that sent the poll, if a bot did. */
  async #notifySender(tx: EnqueueTx, poll: PollRow, wire: WirePoll, answers: object[]): Promise<void> {
    if (poll.sender_id === null || !(await tx.getBot(poll.sender_id))) return;
    const date = this.deps.clock.now();
    const queueKey = `p${poll.id}`;
    for (const payload of answers) {
      await this.updates.enqueue(tx, poll.sender_id, { type: 'poll_answer', payload, queueKey, date });
    }
    await this.updates.enqueue(tx, poll.sender_id, { type: 'poll', payload: wire, queueKey, date });
  }

  #announce(changed: Array<{ chatPk: number; messageId: number }>, poll: PollRow): void {
    for (const message of changed) this.deps.bus.emit('message.changed', message);
    if (poll.sender_id !== null) this.updates.notify(poll.sender_id);
  }
}

function checkVote(data: PollData, optionIds: number[], closed: boolean): void {
  if (closed) throw new PlatformError('BAD_REQUEST', 'the poll is closed');
  if (new Set(optionIds).size !== optionIds.length) {
    throw new PlatformError('BAD_REQUEST', 'an option is given twice');
  }
  for (const id of optionIds) {
    if (!Number.isInteger(id) || id < 0 || id >= data.options.length) {
      throw new PlatformError('BAD_REQUEST', `the poll has no option ${id}`);
    }
  }
  if (optionIds.length > 1 && !data.allows_multiple_answers) {
    throw new PlatformError('BAD_REQUEST', 'the poll allows one answer only');
  }
}

/**
 * The Poll object, in the reference's key order. `inMessage` adds what only a poll inside a
 * Message has (description).
 */
export function renderPoll(
  id: string,
  data: PollData,
  isClosed: boolean,
  votes: PollVoteRow[],
  inMessage: boolean,
): WirePoll {
  const counts = data.options.map(() => 0);
  for (const vote of votes)
    for (const option of JSON.parse(vote.option_ids) as number[]) counts[option]! += 1;
  const hidden = data.hide_results_until_closes === true && !isClosed;
  const wire: WirePoll = {
    id,
    question: data.question,
    ...(data.question_entities ? { question_entities: mentionsFilledLater(data.question_entities) } : {}),
    options: data.options.map((option, i) => ({
      persistent_id: option.persistent_id,
      text: option.text,
      ...(option.text_entities ? { text_entities: mentionsFilledLater(option.text_entities) } : {}),
      voter_count: hidden ? 0 : counts[i]!,
    })),
    total_voter_count: hidden ? 0 : votes.length,
    is_closed: isClosed,
    is_anonymous: data.is_anonymous,
    type: data.type,
    allows_multiple_answers: data.allows_multiple_answers,
    allows_revoting: data.allows_revoting,
    members_only: data.members_only,
  };
  if (data.country_codes) wire.country_codes = data.country_codes;
  if (data.correct_option_ids) {
    // A quiz with one correct answer also carries the reference's older correct_option_id (ADR 0072).
    if (data.correct_option_ids.length === 1) wire.correct_option_id = data.correct_option_ids[0];
    wire.correct_option_ids = data.correct_option_ids;
  }
  if (data.explanation) {
    wire.explanation = data.explanation;
    if (data.explanation_entities) wire.explanation_entities = mentionsFilledLater(data.explanation_entities);
  }
  if (data.open_period) wire.open_period = data.open_period;
  if (data.close_date) wire.close_date = data.close_date;
  if (inMessage && data.description) {
    wire.description = data.description;
    if (data.description_entities) wire.description_entities = mentionsFilledLater(data.description_entities);
  }
  return wire;
}
