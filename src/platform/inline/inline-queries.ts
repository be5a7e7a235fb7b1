/**
 * Inline mode. A person types `@bot query` in a chat: the bot (if it supports inline queries) gets
 * an `inline_query` update and answers with answerInlineQuery within 30 s; the person's client shows
 * the results. Choosing a result sends its message into the chat where the person was typing, from
 * the person and `via_bot` the bot, and the bot gets `chosen_inline_result`
 * (docs/adr/0030-inline-mode.md).
 *
 * An answer with cache_time > 0 is given again, without asking the bot, to the same query text and
 * offset until cache_time passes: to anyone, or only to the same person when is_personal.
 *
 * States of a query row: created (update queued) -> answered (once, within 30 s) -> results chosen
 * (any number of times, while the row is kept: a day).
 */
import { PlatformError } from '../core/errors.js';
import { expectEvent } from '../core/event-bus.js';
import type { Files } from '../files/files.js';
import { inlineMessageContent, type InlineSend } from './inline-content.js';
import type { Messages } from '../messages/messages.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { UpdateQueue } from '../updates/update-queue.js';
import { renderUser, type Users } from '../users/users.js';
import type { MessageContent, WireMessage } from '../core/wire-types.js';
import type { ChatRow, InlineQueryRow, UserRow } from '../../storage/store.js';
import type { ChatsReader } from '../../storage/ports/chats.js';

/** A bot must answer within this many seconds (reference §3 retention of inline_query). */
export const INLINE_QUERY_LIFETIME = 30;
/** InlineQuery.query: up to 256 characters. */
export const MAX_INLINE_QUERY_LENGTH = 256;
/** Query rows (and so the results a person can still choose) are kept this long. */
const KEEP_QUERIES_SECONDS = 86_400;

/** One result as the bot gave it (what the person's client shows), and what choosing it sends. */
export interface StoredResult {
  result: Record<string, unknown>;
  send: InlineSend;
}

export interface InlineAnswer {
  results: StoredResult[];
  cache_time: number;
  is_personal: boolean;
  next_offset: string;
  button?: Record<string, unknown>;
}

/** What the person's client shows after typing a query. */
export interface InlineQueryView {
  query_id: string;
  /** Whether the bot answered before the wait ended (or the answer came from the cache). */
  answered: boolean;
  /** The answer was the cached answer to an earlier identical query; the bot was not asked. */
  from_cache?: true;
  results?: Array<Record<string, unknown>>;
  next_offset?: string;
  button?: Record<string, unknown>;
  cache_time?: number;
  is_personal?: boolean;
}

export interface ChosenResult {
  /** The message sent into the chat, as the person sees it. */
  message: WireMessage;
  /** Present when the result has an inline keyboard. */
  inline_message_id?: string;
}

export interface InlineQueryInput {
  /** Where the person is typing; the private chat with the bot when absent. */
  chatRef?: string | undefined;
  offset?: string | undefined;
}

export class InlineQueries {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly messages: Messages,
    private readonly updates: UpdateQueue,
    private readonly files: Files,
  ) {}

  /** A person types `@bot text` in a chat and waits up to `timeoutMs` for the bot's answer. */
  async query(
    userRef: string,
    botRef: string,
    text: string,
    input: InlineQueryInput,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<InlineQueryView> {
    const { store, clock, bus } = this.deps;
    const user = await this.users.resolve(userRef, 'user');
    const bot = await this.users.resolve(botRef, 'bot');
    const botRow = await store.getBot(bot.id);
    if (!botRow?.supports_inline_queries) {
      throw new PlatformError('BOT_INLINE_DISABLED', `@${bot.username} does not support inline queries`);
    }
    if ([...text].length > MAX_INLINE_QUERY_LENGTH) {
      throw new PlatformError(
        'BAD_REQUEST',
        `the query is longer than ${MAX_INLINE_QUERY_LENGTH} characters`,
      );
    }
    const offset = input.offset ?? '';
    const now = clock.now();
    const id = this.#queryId();
    const chatRef = input.chatRef ?? `@${bot.username}`;

    // Subscribe before queueing, so that a fast answer is not missed.
    const answered = expectEvent(bus, 'inline.answered', id);
    try {
      const queued = await store.write(async (tx) => {
        const chat = (await this.messages.chatForUser(tx, user, chatRef, true))!;
        const row: InlineQueryRow = {
          id,
          bot_id: bot.id,
          user_id: user.id,
          chat_pk: chat.pk,
          chat_type: chatTypeOf(chat, user, bot),
          query: text,
          query_offset: offset,
          created_at: now,
          answered_at: null,
          answer: null,
          cache_until: null,
          is_personal: false,
        };
        await tx.deleteInlineQueriesBefore(now - KEEP_QUERIES_SECONDS);
        const cached = await tx.findCachedInlineAnswer(bot.id, text, offset, user.id, now);
        if (cached) {
          const { answer, cache_until, is_personal } = cached;
          await tx.insertInlineQuery({ ...row, answered_at: now, answer, cache_until, is_personal });
          return 'cached';
        }
        await tx.insertInlineQuery(row);
        const payload = { id, from: renderUser(user), query: text, offset, chat_type: row.chat_type };
        return this.updates.enqueue(tx, bot.id, {
          type: 'inline_query',
          payload,
          queueKey: `u${user.id}`,
          date: now,
        });
      });
      if (queued === 'cached') return { ...(await this.#view(id)), from_cache: true };
      if (queued !== null) this.updates.notify(bot.id);
      await answered.wait(timeoutMs, signal);
    } finally {
      answered.cancel();
    }
    return this.#view(id);
  }

  /** answerInlineQuery: once per query, by its bot, within 30 s of virtual time. */
  async answer(botId: number, queryId: string, answer: InlineAnswer): Promise<void> {
    const { store, clock, bus } = this.deps;
    const invalid = () => new PlatformError('QUERY_INVALID', 'query is too old or query ID is invalid');
    const row = await store.getInlineQuery(queryId);
    const now = clock.now();
    if (!row || row.bot_id !== botId || now - row.created_at > INLINE_QUERY_LIFETIME) throw invalid();
    const recorded = await store.write(async (tx) =>
      tx.answerInlineQuery(queryId, {
        answer: JSON.stringify(answer),
        answered_at: now,
        cache_until: now + answer.cache_time,
        is_personal: answer.is_personal,
      }),
    );
    if (!recorded) throw invalid();
    bus.emit('inline.answered', { id: queryId });
  }

  /**
   * The person chooses a result: its message goes into the chat where they typed the query, and
   * the bot gets chosen_inline_result (always: Parley has no per-bot feedback setting, ADR 0030).
   */
  async choose(userRef: string, queryId: string, resultId: string): Promise<ChosenResult> {
    const { store, clock, random, config } = this.deps;
    const user = await this.users.resolve(userRef, 'user');
    const row = await store.getInlineQuery(queryId);
    if (!row || row.user_id !== user.id) {
      throw new PlatformError('INLINE_QUERY_NOT_FOUND', `no inline query ${queryId} of this user`);
    }
    if (row.answer === null) throw new PlatformError('BAD_REQUEST', 'the bot has not answered this query');
    const answer = JSON.parse(row.answer) as InlineAnswer;
    const chosen = answer.results.find((r) => r.result.id === resultId);
    if (!chosen) throw new PlatformError('RESULT_NOT_FOUND', `the answer has no result "${resultId}"`);
    const bot = await this.users.resolve(row.bot_id, 'bot');
    // Files by URL are downloaded before the write: no network I/O inside a transaction.
    const content: MessageContent = {
      ...(await inlineMessageContent(this.files, config.profile, bot.id, chosen.send)),
      via_bot: renderUser(bot),
    };
    const markup = chosen.result.reply_markup;
    const inlineMessageId = markup === undefined ? undefined : random.bytes(24).toString('base64url');
    if (markup !== undefined) {
      content.reply_markup = markup;
      content._inline_message_id = inlineMessageId;
    }
    const sent = await store.write(async (tx) => {
      const chat = await this.#chatOf(tx, row, user);
      const message = await this.messages.insertServiceMessage(tx, chat, user.id, content);
      if (inlineMessageId !== undefined) {
        await tx.insertInlineMessage({
          id: inlineMessageId,
          bot_id: bot.id,
          chat_pk: chat.pk,
          message_id: message.message_id,
        });
      }
      const notified = new Set<number>();
      for (const botId of await this.messages.botsOf(tx, chat, user.id)) {
        const payload = await this.messages.render(tx, chat, message, botId);
        const queued = await this.updates.enqueue(tx, botId, {
          type: 'message',
          payload,
          queueKey: `c${payload.chat.id}`,
          date: message.date,
        });
        if (queued !== null) notified.add(botId);
      }
      const feedback = {
        result_id: resultId,
        from: renderUser(user),
        ...(inlineMessageId !== undefined ? { inline_message_id: inlineMessageId } : {}),
        query: row.query,
      };
      const queued = await this.updates.enqueue(tx, bot.id, {
        type: 'chosen_inline_result',
        payload: feedback,
        queueKey: `u${user.id}`,
        date: clock.now(),
      });
      if (queued !== null) notified.add(bot.id);
      return { chat, message, notified };
    });
    for (const botId of sent.notified) this.updates.notify(botId);
    this.messages.announceServiceMessage(sent.chat, sent.message);
    const message = await this.messages.render(store, sent.chat, sent.message, user.id);
    return inlineMessageId !== undefined ? { message, inline_message_id: inlineMessageId } : { message };
  }

  /** The chat of the query, if the person can still write there. */
  async #chatOf(tx: ChatsReader, row: InlineQueryRow, user: UserRow): Promise<ChatRow> {
    const chat = await tx.getChat(row.chat_pk);
    if (!chat) throw new PlatformError('CHAT_NOT_FOUND', 'the chat of this query is gone');
    if (chat.type !== 'private') {
      const member = await tx.getMember(chat.pk, user.id);
      if (!member || member.status === 'left' || member.status === 'kicked') {
        throw new PlatformError('CHAT_WRITE_FORBIDDEN', 'you are not a member of the chat of this query');
      }
    }
    return chat;
  }

  async #view(id: string): Promise<InlineQueryView> {
    const row = await this.deps.store.getInlineQuery(id);
    if (!row?.answer) return { query_id: id, answered: false };
    const answer = JSON.parse(row.answer) as InlineAnswer;
    return {
      query_id: id,
      answered: true,
      results: answer.results.map((r) => r.result),
      next_offset: answer.next_offset,
      ...(answer.button ? { button: answer.button } : {}),
      cache_time: answer.cache_time,
      is_personal: answer.is_personal,
    };
  }

  /** Inline query ids look like the reference's: a large decimal number. */
  #queryId(): string {
    const { random } = this.deps;
    return `${random.int(1, 9)}${String(random.int(0, 1e9)).padStart(9, '0')}${String(random.int(0, 1e9)).padStart(9, '0')}`;
  }
}

/** InlineQuery.chat_type: "sender" in the private chat with the bot itself. */
function chatTypeOf(chat: ChatRow, user: UserRow, bot: UserRow): string {
  if (chat.type !== 'private') return chat.type;
  const other = chat.user_a === user.id ? chat.user_b : chat.user_a;
  return other === bot.id ? 'sender' : 'private';
}
