/**
 * Ephemeral messages (Bot API 10.2, ADR 0076): a bot's message in a group or supergroup that one
 * member who is a person, the receiver, sees. Stored apart from the chat's messages (ports/
 * ephemeral.ts), so that no list, update or transcript of the chat shows one; the receiver's own
 * list and waits add them (messages.ts listForUser, person-waits.ts).
 */
import { checkBotCanSend } from '../chats/chat-access.js';
import { isAdmin, isPresent, memberState } from '../chats/chat-rights.js';
import type { Chats } from '../chats/chats.js';
import { PlatformError, type EphemeralRefusal } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { MessageContent, WireMessage } from '../core/wire-types.js';
import { renderUser, type Users } from '../users/users.js';
import { waitForIncoming } from './person-waits.js';
import type { Messages } from './messages.js';
import type { ChatRow, EphemeralMessageRow, UserRow } from '../../storage/store.js';
import type { RenderReader } from '../core/store-ports.js';
import type { EphemeralReader } from '../../storage/ports/ephemeral.js';
import type { ChatsReader } from '../../storage/ports/chats.js';
import type { UsersReader } from '../../storage/ports/users.js';
import type { MessagesReader } from '../../storage/ports/messages.js';

/** The reference's limits: "ephemeral reply window | 15 seconds" (spec/bot-api.md). */
export const EPHEMERAL_REPLY_WINDOW = 15;

/** Who an ephemeral send is for, and what lets the bot send it. */
export interface EphemeralTarget {
  receiverId: number;
  /** The callback query that triggered it (10.2 callback_query_id, 10.3 its object's field). */
  callbackQueryId?: string | undefined;
  /** The incoming ephemeral message it replies to (reply_parameters.ephemeral_message_id). */
  replyTo?: number | undefined;
  /**
   * 10.3 replace_callback_query_message: the receiver sees it in place of the callback query's
   * message (ADR 0096); needs callbackQueryId.
   */
  replaceCallbackMessage?: boolean | undefined;
}

const refuse = (reason: EphemeralRefusal) =>
  new PlatformError('EPHEMERAL_INVALID', `ephemeral message refused: ${reason}`, { reason });

export class EphemeralMessages {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly chats: Chats,
    private readonly messages: Messages,
  ) {}

  /** A bot sends an ephemeral message; answers it as the bot sees it. */
  async send(
    bot: UserRow,
    chatId: number,
    target: EphemeralTarget,
    content: MessageContent,
  ): Promise<WireMessage> {
    const { store, clock } = this.deps;
    if (target.replaceCallbackMessage && target.callbackQueryId === undefined) throw refuse('REPLACE');
    const sent = await store.write(async (tx) => {
      const chat = await this.chats.resolveForViewer(tx, bot, chatId);
      if (chat.type !== 'group' && chat.type !== 'supergroup') throw refuse('CHAT');
      const now = clock.now();
      await checkBotCanSend(tx, chat, bot, now, content);
      const receiver = await tx.getUser(target.receiverId);
      const member = memberState(await tx.getMember(chat.pk, target.receiverId), now);
      if (!receiver || receiver.is_bot || !isPresent(member)) throw refuse('RECEIVER');
      const location = content.location as { live_period?: number } | undefined;
      if (location?.live_period !== undefined && location.live_period !== 0) throw refuse('LIVE_PERIOD');
      const queryMessage = await this.#checkAllowed(tx, chat, bot, target, now);
      const newest = await tx.listMessages(chat.pk, { limit: 1 });
      const row = await tx.insertEphemeralMessage({
        chat_pk: chat.pk,
        receiver_id: receiver.id,
        sender_id: bot.id,
        after_message_id: newest[0]?.message_id ?? 0,
        date: now,
        edit_date: null,
        body: JSON.stringify(content),
        replaces_message_id: target.replaceCallbackMessage ? (queryMessage ?? null) : null,
      });
      return { chat, row };
    });
    // Wakes the receiver's wait; messageId 0 tells everyone else's app nothing (web/methods/events.ts).
    this.deps.bus.emit('message.created', {
      chatPk: sent.chat.pk,
      messageId: 0,
      senderId: bot.id,
      recipients: [target.receiverId],
    });
    return this.render(store, sent.chat, sent.row, bot.id);
  }

  /**
   * Any bot within 15 s of a callback query it received from the receiver in this chat, or of the
   * receiver's ephemeral message to it that it replies to; an administrator bot at any time.
   * Answers the message of the callback query, if the send names one.
   */
  async #checkAllowed(
    tx: ChatsReader & EphemeralReader & MessagesReader,
    chat: ChatRow,
    bot: UserRow,
    target: EphemeralTarget,
    now: number,
  ): Promise<number | undefined> {
    if (target.callbackQueryId !== undefined) {
      const query = await tx.getCallbackQuery(target.callbackQueryId);
      const fits =
        query?.bot_id === bot.id && query.chat_pk === chat.pk && query.user_id === target.receiverId;
      if (fits && now - query.created_at <= EPHEMERAL_REPLY_WINDOW) return query.message_id || undefined;
      throw refuse('CALLBACK_QUERY');
    }
    if (target.replyTo !== undefined) {
      const incoming = await tx.getEphemeralMessage(chat.pk, target.replyTo);
      const fits = incoming?.receiver_id === bot.id && incoming.sender_id === target.receiverId;
      if (fits && now - incoming.date <= EPHEMERAL_REPLY_WINDOW) return undefined;
      throw refuse('REPLY');
    }
    if (!isAdmin(memberState(await tx.getMember(chat.pk, bot.id), now))) throw refuse('FORBIDDEN');
    return undefined;
  }

  /** The bot's ephemeral message by its key (the five ephemeral methods). */
  async find(
    reader: ChatsReader & EphemeralReader & UsersReader,
    bot: UserRow,
    chatId: number,
    receiverId: number,
    id: number,
  ) {
    const chat = await this.chats.resolveForViewer(reader, bot, chatId);
    const row = await reader.getEphemeralMessage(chat.pk, id);
    if (!row || row.sender_id !== bot.id || row.receiver_id !== receiverId) throw refuse('NOT_FOUND');
    return { chat, row };
  }

  /** Replaces the content of the bot's ephemeral message (the four edit methods). */
  async edit(
    bot: UserRow,
    key: { chatId: number; receiverId: number; id: number },
    change: (content: MessageContent) => MessageContent,
  ): Promise<true> {
    const { chat, row } = await this.deps.store.write(async (tx) => {
      const found = await this.find(tx, bot, key.chatId, key.receiverId, key.id);
      const content = change(JSON.parse(found.row.body) as MessageContent);
      await tx.updateEphemeralMessage(found.chat.pk, key.id, JSON.stringify(content), this.deps.clock.now());
      return found;
    });
    // Only the receiver's app hears of it (web/methods/events.ts).
    this.deps.bus.emit('message.changed', { chatPk: chat.pk, messageId: 0, recipients: [row.receiver_id] });
    return true;
  }

  async delete(bot: UserRow, key: { chatId: number; receiverId: number; id: number }): Promise<true> {
    const { chat, row } = await this.deps.store.write(async (tx) => {
      const found = await this.find(tx, bot, key.chatId, key.receiverId, key.id);
      await tx.deleteEphemeralMessage(found.chat.pk, key.id);
      return found;
    });
    this.deps.bus.emit('message.changed', { chatPk: chat.pk, messageId: 0, recipients: [row.receiver_id] });
    return true;
  }

  /** The message as the receiver or its bot sees it: message_id 0, receiver_user, ephemeral_message_id. */
  async render(reader: RenderReader, chat: ChatRow, row: EphemeralMessageRow, viewerId: number) {
    const asRow = {
      chat_pk: chat.pk,
      message_id: 0,
      sender_id: row.sender_id,
      date: row.date,
      edit_date: row.edit_date,
      body: row.body,
    };
    const message = await this.messages.render(reader, chat, asRow, viewerId);
    const receiver = await reader.getUser(row.receiver_id);
    const { message_id, from, chat: wireChat, date, ...rest } = message;
    return {
      message_id,
      ...(from ? { from } : {}),
      chat: wireChat,
      date,
      ...(receiver ? { receiver_user: renderUser(receiver) } : {}),
      ephemeral_message_id: row.ephemeral_message_id,
      ...rest,
    } as WireMessage;
  }

  /**
   * The newest `limit` messages of a chat as a person sees them, oldest first: the chat's messages
   * (Messages.listForUser) and the person's own ephemeral messages among them.
   */
  async listForUser(userRef: string, chatRef: string, limit: number): Promise<WireMessage[]> {
    const { store } = this.deps;
    const user = await this.users.resolve(userRef);
    const chat = await this.messages.chatForUser(store, user, chatRef, false);
    if (!chat) return [];
    const rows = await store.listMessages(chat.pk, { limit });
    const shown = await Promise.all(
      rows.map(async (row) => ({
        id: row.message_id,
        message: await this.messages.render(store, chat, row, user.id),
      })),
    );
    return this.mergeForReceiver(chat, user.id, shown, limit);
  }

  /**
   * The messages around the chat's message `messageId` as a person sees them, oldest first: up to
   * `side` before it, it, and up to `side` after it, with the person's own ephemeral messages in
   * their place among them, as listForUser places them (ADR 0101 addendum: a search result older
   * than the newest page). Refused MESSAGE_NOT_FOUND when the chat has no such message (or the person
   * has no such chat). `newest`: whether the page reaches the chat's newest message.
   */
  async listAroundForUser(
    userRef: string,
    chatRef: string,
    messageId: number,
    side: number,
  ): Promise<{ messages: WireMessage[]; newest: boolean }> {
    const { store } = this.deps;
    const user = await this.users.resolve(userRef);
    const chat = await this.messages.chatForUser(store, user, chatRef, false);
    if (!chat || !(await store.getMessage(chat.pk, messageId)))
      throw new PlatformError('MESSAGE_NOT_FOUND', 'message not found');
    const before = await store.listMessages(chat.pk, { limit: side, beforeId: messageId });
    const after = await store.listMessages(chat.pk, {
      limit: side + 2,
      afterId: messageId - 1,
      oldest: true,
    });
    // One more than the page takes tells whether anything is newer than it.
    const newest = after.length <= side + 1;
    const rows = [...before, ...after.slice(0, side + 1)];
    const shown = await Promise.all(
      rows.map(async (row) => ({
        id: row.message_id,
        message: await this.messages.render(store, chat, row, user.id),
      })),
    );
    // Ephemeral messages placed within the page (or before it when it starts the chat, after it
    // when it ends it); a page in the middle leaves out those placed outside it.
    const from = before.length < side ? -Infinity : rows[0]!.message_id;
    const to = newest ? Infinity : rows.at(-1)!.message_id;
    const messages = await this.mergeForReceiver(chat, user.id, shown, Infinity, { from, to });
    return { messages, newest };
  }

  /** Messages.waitForUser, with the person's own ephemeral messages in their place (cursor waits). */
  waitForUser(
    userRef: string,
    chatRef: string,
    timeoutMs: number,
    afterId?: number,
    signal?: AbortSignal,
  ): Promise<WireMessage | undefined> {
    return waitForIncoming(this.messages, this.deps, this.users, {
      userRef,
      chatRef,
      timeoutMs,
      afterId,
      signal,
      takeEphemeral: (chat, receiverId, beforeId) => this.takeUnseen(chat, receiverId, beforeId),
    });
  }

  /**
   * The receiver's ephemeral messages in a chat, placed among the chat's messages `shown`: after the
   * message that was the chat's newest when sent, or, for one sent with 10.3's
   * replace_callback_query_message, in place of the callback query's message, which the receiver
   * does not see while it exists (ADR 0096).
   */
  async mergeForReceiver(
    chat: ChatRow,
    receiverId: number,
    shown: Array<{ id: number; message: WireMessage }>,
    limit: number,
    /** Only the ephemeral messages placed at these message ids (inclusive). */
    within: { from: number; to: number } = { from: -Infinity, to: Infinity },
  ) {
    const { store } = this.deps;
    const own = (await store.listEphemeralMessages(chat.pk, receiverId)).filter((row) => {
      const key = (row.receiver_id === receiverId ? row.replaces_message_id : null) ?? row.after_message_id;
      return key >= within.from && key <= within.to;
    });
    if (own.length === 0) return shown.map((entry) => entry.message);
    const replacedBy = (row: EphemeralMessageRow) =>
      row.receiver_id === receiverId ? row.replaces_message_id : null;
    const replaced = new Set(own.map(replacedBy).filter((id) => id !== null));
    // Ordered by the place (a message id), then ordinary messages and replacements before the
    // ephemeral messages sent after that message, then as sent.
    const merged: Array<{ key: number; after: number; seq: number; message: WireMessage }> = shown
      .filter((entry) => !replaced.has(entry.id))
      .map((entry) => ({ key: entry.id, after: 0, seq: -1, message: entry.message }));
    for (const row of own) {
      const instead = replacedBy(row);
      merged.push({
        key: instead ?? row.after_message_id,
        after: instead === null ? 1 : 0,
        seq: row.seq,
        message: await this.render(store, chat, row, receiverId),
      });
    }
    merged.sort((a, b) => a.key - b.key || a.after - b.after || a.seq - b.seq);
    return merged.slice(-limit).map((entry) => entry.message);
  }

  /** The receiver's oldest unseen ephemeral message placed before the ordinary message `beforeId`. */
  async takeUnseen(
    chat: ChatRow,
    receiverId: number,
    beforeId: number | undefined,
  ): Promise<WireMessage | undefined> {
    const { store } = this.deps;
    const next = await store.nextUnseenEphemeralMessage(chat.pk, receiverId);
    if (!next || (beforeId !== undefined && next.after_message_id >= beforeId)) return undefined;
    await store.write(async (tx) => tx.markEphemeralSeen(chat.pk, next.ephemeral_message_id));
    return this.render(store, chat, next, receiverId);
  }
}
