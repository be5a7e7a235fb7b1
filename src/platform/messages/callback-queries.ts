/**
 * Inline keyboard presses. A person presses a button with callback_data on a bot's message: the bot
 * gets a `callback_query` update, answers it with answerCallbackQuery within 150 s, and the person's
 * client shows the answer (a notification or an alert). A url button only opens its link. A
 * callback_game button of a game message gives the bot `game_short_name` instead of `data`.
 */
import { createHash } from 'node:crypto';
import { PlatformError } from '../core/errors.js';
import { expectEvent } from '../core/event-bus.js';
import type { Messages } from './messages.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { UpdateQueue } from '../updates/update-queue.js';
import { renderUser, type Users } from '../users/users.js';
import type { MessageContent } from '../core/wire-types.js';
import type { UpdateRow } from '../../storage/store.js';

/** A bot must answer within this many seconds (reference §3 retention of callback_query). */
export const CALLBACK_QUERY_LIFETIME = 150;
export const MAX_ANSWER_TEXT = 200;
/** Queries pressed here kept for their answer's checks (`CallbackQueries.#pressed`), at most. */
const PRESSED_KEPT = 10_000;
/** An answer longer than this (its JSON) is not told with its event: the person's client reads it. */
const TOLD_ANSWER_MAX = 1_000;

export interface CallbackAnswer {
  text?: string;
  show_alert?: boolean;
  url?: string;
  cache_time?: number;
}

/** What the person's client shows after a press. */
export interface PressResult {
  /** Absent for url buttons, which send nothing to the bot. */
  query_id?: string;
  /** Whether the bot answered before the wait ended. */
  answered: boolean;
  text?: string;
  show_alert?: boolean;
  url?: string;
}

type InlineButton = { text: string; callback_data?: string; url?: string; callback_game?: unknown };

export class CallbackQueries {
  /**
   * The queries pressed here (their writes committed) while they may be answered, oldest first:
   * answerCallbackQuery checks its bot and age from here, without a read (a query's bot and time
   * never change; whether it was answered, here or on another process, its write finds).
   */
  readonly #pressed = new Map<string, { botId: number; createdAt: number }>();

  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly messages: Messages,
    private readonly updates: UpdateQueue,
  ) {}

  /** The same for every press in one chat with one bot, and not the chat's id (spec CallbackQuery). */
  chatInstance(botId: number, chatPk: number): string {
    const digest = createHash('sha256').update(`${botId}:${chatPk}`).digest();
    return digest.readBigInt64BE(0).toString();
  }

  /**
   * A person presses the button labelled `buttonText` on message `messageId`, then waits up to
   * `timeoutMs` for the bot's answer.
   */
  async press(
    userRef: string,
    chatRef: string,
    messageId: number,
    buttonText: string,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<PressResult> {
    const { store, clock, random, bus } = this.deps;
    const user = await this.users.resolve(userRef, 'user');
    const chat = await this.messages.chatForUser(store, user, chatRef, false);
    if (!chat) throw new PlatformError('CHAT_NOT_FOUND', `no chat "${chatRef}"`);
    const row = await store.getMessage(chat.pk, messageId);
    if (!row) throw new PlatformError('MESSAGE_NOT_FOUND', `no message ${messageId} in that chat`);
    const body = JSON.parse(row.body) as MessageContent;
    const keyboard =
      (body.reply_markup as { inline_keyboard?: InlineButton[][] } | undefined)?.inline_keyboard ?? [];
    const button = keyboard.flat().find((b) => b.text === buttonText);
    if (!button)
      throw new PlatformError(
        'BUTTON_NOT_FOUND',
        `message ${messageId} has no inline button "${buttonText}"`,
      );
    if (button.url !== undefined) return { answered: false, url: button.url };
    // A message sent by choosing an inline result belongs to its via_bot and is named to it by
    // inline_message_id instead of the message (spec CallbackQuery).
    const inlineMessageId = typeof body._inline_message_id === 'string' ? body._inline_message_id : undefined;
    const viaBotId = inlineMessageId !== undefined ? (body.via_bot as { id: number }).id : undefined;
    // A callback_game button of a game message sends the game's short name instead of data (games.ts).
    const gameShortName =
      button.callback_game !== undefined && typeof body._game === 'string' ? body._game : undefined;
    const sendsNothing = button.callback_data === undefined && gameShortName === undefined;
    if (sendsNothing || (row.sender_id === null && viaBotId === undefined)) {
      throw new PlatformError('BAD_REQUEST', `the button "${buttonText}" sends nothing to a bot`);
    }
    const botId = viaBotId ?? row.sender_id!;
    const id = `${random.int(1, 9)}${String(random.int(0, 1e9)).padStart(9, '0')}${String(random.int(0, 1e9)).padStart(9, '0')}`;
    const now = clock.now();
    const payload = {
      id,
      from: renderUser(user),
      ...(inlineMessageId !== undefined
        ? { inline_message_id: inlineMessageId }
        : { message: await this.messages.render(store, chat, row, botId) }),
      chat_instance: this.chatInstance(botId, chat.pk),
      ...(gameShortName !== undefined ? { game_short_name: gameShortName } : { data: button.callback_data }),
    };

    // Subscribe before queueing, so that a fast answer is not missed.
    let told: string | undefined;
    const answered = expectEvent(bus, 'callback.answered', id, (event) => {
      told = event.answer;
      return true;
    });
    try {
      const queued = await store.write({ bot: botId, queues: true }, async (tx) => {
        await tx.insertCallbackQuery({
          id,
          bot_id: botId,
          user_id: user.id,
          chat_pk: chat.pk,
          message_id: messageId,
          data: button.callback_data ?? null,
          created_at: now,
          answered_at: null,
          answer: null,
        });
        const rows: UpdateRow[] = [];
        const update = { type: 'callback_query', payload, queueKey: `u${user.id}`, date: now } as const;
        return { id: await this.updates.enqueue(tx, botId, update, rows), rows };
      });
      this.#keepPressed(id, botId, now);
      if (queued.id !== null) this.updates.notify(botId, queued.rows);
      await answered.wait(timeoutMs, signal);
    } finally {
      answered.cancel();
    }
    // The answer as its event told it, else as stored (a long one, or none heard).
    const answer = told ?? (await store.getCallbackQuery(id))?.answer;
    if (!answer) return { query_id: id, answered: false };
    return { query_id: id, answered: true, ...(JSON.parse(answer) as CallbackAnswer) };
  }

  #keepPressed(id: string, botId: number, createdAt: number): void {
    this.#pressed.set(id, { botId, createdAt });
    for (const [key, query] of this.#pressed) {
      if (this.#pressed.size <= PRESSED_KEPT && createdAt - query.createdAt <= CALLBACK_QUERY_LIFETIME) break;
      this.#pressed.delete(key);
    }
  }

  /** answerCallbackQuery: once per query, by its bot, within 150 s. */
  async answer(botId: number, queryId: string, answer: CallbackAnswer): Promise<void> {
    const { store, clock, bus } = this.deps;
    const invalid = () => new PlatformError('QUERY_INVALID', 'query is too old or query ID is invalid');
    const kept = this.#pressed.get(queryId);
    const row = kept
      ? { bot_id: kept.botId, created_at: kept.createdAt }
      : await store.getCallbackQuery(queryId);
    const now = clock.now();
    if (!row || row.bot_id !== botId || now - row.created_at > CALLBACK_QUERY_LIFETIME) throw invalid();
    if (answer.text !== undefined && [...answer.text].length > MAX_ANSWER_TEXT) {
      throw new PlatformError('CALLBACK_ANSWER_TOO_LONG', 'MESSAGE_TOO_LONG');
    }
    const json = JSON.stringify(answer);
    const recorded = await store.write({ bot: botId }, async (tx) =>
      tx.answerCallbackQuery(queryId, json, now),
    );
    if (!recorded) throw invalid();
    this.#pressed.delete(queryId);
    bus.emit('callback.answered', { id: queryId, ...(json.length <= TOLD_ANSWER_MAX && { answer: json }) });
  }
}
