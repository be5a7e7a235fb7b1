/**
 * Messages: people and bots sending into chats, the updates that this produces, rendering a message
 * as a given viewer sees it, and waiting server-side for the next message a user receives.
 */
import { checkBotCanSend, checkUserCanSend } from '../chats/chat-access.js';
import { isPresent, memberState } from '../chats/chat-rights.js';
import type { Chats } from '../chats/chats.js';
import { PlatformError } from '../core/errors.js';
import type { Files } from '../files/files.js';
import { fillMentionedUsers } from './mentioned-users.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import { pollForOtherViewer } from './poll-view.js';
import type { MessageRelay } from './message-relay.js';
import type { MessageThreads } from './message-threads.js';
import { renderSenderChat, type SendAs } from '../chats/sender-chat-view.js';
import type { MessageRenderer } from './message-renderers.js';
import { waitForIncoming } from './person-waits.js';
import { botReceives } from './privacy.js';
import { botSendKey, sendKey } from './write-keys.js';
import type { UpdateQueue } from '../updates/update-queue.js';
import { renderUser, type Users } from '../users/users.js';
import { copyWithReferenceFields } from './reference-fields.js';
import type { MessageContent, WireMessage } from '../core/wire-types.js';
import type { ChatRow, MessageRow, StoreTx, UpdateRow, UserRow } from '../../storage/store.js';
import { detectEntities, codePointLength, type MessageEntity } from '../formatting/index.js';
import type { ChatRefReader, ChatRefTx, RecipientsReader } from './message-ports.js';
import { addToTopic, type InsertTx, type RenderReader } from '../core/store-ports.js';

export const MAX_TEXT_LENGTH = 4096;

export interface SentMessage {
  chat: ChatRow;
  row: MessageRow;
}

export class Messages {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly chats: Chats,
    private readonly updates: UpdateQueue,
    /** Gives each viewer its own file_ids when a message is rendered (ADR 0040). */
    private readonly files?: Files,
    /** The bots connected to business accounts get their chats' messages (message-relay.ts, ADR 0049). */
    readonly business?: MessageRelay,
  ) {}

  /** What features add to a message as a viewer sees it (message-renderers.ts, ADR 0111). */
  readonly #renderers: MessageRenderer[] = [];

  /** Registers a feature's renderer; Messages.render runs it on each top-level message. */
  addRenderer(renderer: MessageRenderer): void {
    this.#renderers.push(renderer);
  }

  /** Threads of messages: forum topics (message-threads.ts), registered by topics/. */
  #threads: MessageThreads | undefined;

  /** Registers the feature that puts messages into threads (one at most). */
  setThreads(threads: MessageThreads): void {
    if (this.#threads) throw new Error('message threads are already registered');
    this.#threads = threads;
  }

  /** Guest mode, set by the platform (platform/guest/guest-queries.ts, ADR 0047). */
  guests?: { onPersonMessage(tx: StoreTx, chat: ChatRow, row: MessageRow): Promise<number[]> };

  /** Paid media shows previews until bought (platform/paid-media/, ADR 0050), set by the platform. */
  paidMedia?: {
    view(
      reader: RenderReader,
      chat: ChatRow,
      row: MessageRow,
      viewerId: number,
      message: WireMessage,
    ): Promise<void>;
  };

  /**
   * Finds the chat a person means: `@username` of a bot or person (their private chat, created on
   * first use when `create`), or a numeric chat id as that person sees it.
   */
  async chatForUser(
    tx: ChatRefReader,
    user: UserRow,
    chatRef: string,
    create: boolean,
  ): Promise<ChatRow | undefined> {
    const ref = chatRef.trim();
    if (ref.startsWith('@') || !/^-?\d+$/.test(ref)) {
      const other = await this.users.resolve(ref.startsWith('@') ? ref : `@${ref}`).catch(() => undefined);
      if (!other || other.id === user.id) throw new PlatformError('CHAT_NOT_FOUND', `no chat "${ref}"`);
      if (!create) return tx.getPrivateChat(user.id, other.id);
      return this.chats.ensurePrivate(tx as ChatRefTx, user, other);
    }
    const id = Number(ref);
    if (id > 0 && create) {
      const other = await tx.getUser(id);
      if (!other || other.id === user.id) throw new PlatformError('CHAT_NOT_FOUND', `no chat "${ref}"`);
      return this.chats.ensurePrivate(tx as ChatRefTx, user, other);
    }
    try {
      return await this.chats.resolveForViewer(tx, user, id);
    } catch (error) {
      if (!create && error instanceof PlatformError) return undefined;
      throw error;
    }
  }

  /** A person sends a text message (control API, web client). Commands become bot_command entities. */
  async sendFromUser(
    userRef: string,
    chatRef: string,
    text: string,
    replyTo?: number,
    /** A forum topic (platform/topics/threads.ts). */
    thread?: number,
    /** On behalf of a channel or the supergroup (platform/chats/sender-chats.ts, ADR 0052). */
    sendAs?: SendAs,
    /** The person's own formatting (the web client), checked and merged by the caller (formatText). */
    formatted?: MessageEntity[],
  ): Promise<WireMessage> {
    const user = await this.users.resolve(userRef, 'user');
    if (typeof text !== 'string' || text.trim() === '')
      throw new PlatformError('MESSAGE_TEXT_EMPTY', 'text is empty');
    const trimmed = text.trim();
    if (codePointLength(trimmed) > MAX_TEXT_LENGTH) {
      throw new PlatformError('MESSAGE_TOO_LONG', `text is longer than ${MAX_TEXT_LENGTH} characters`);
    }
    const content: MessageContent = { text: trimmed };
    if (thread !== undefined) content._thread = thread;
    const entities = formatted ?? detectEntities(trimmed);
    if (entities.length > 0) content.entities = entities;
    if (sendAs) content._sender_chat = sendAs.chatId;
    const checkSendAs = sendAs && ((tx: StoreTx, chat: ChatRow) => sendAs.check(tx, chat, user));
    return this.deliverFromUser(user, chatRef, content, replyTo, checkSendAs);
  }

  /**
   * Stores a person's message of any content (text, or media whose files are stored already) and
   * queues it for the bots of the chat, in one write. Returns the message as the person sees it.
   */
  async deliverFromUser(
    user: UserRow,
    chatRef: string,
    content: MessageContent,
    replyTo?: number,
    /** Writes what belongs to the message (a poll's row) in the message's own transaction. */
    withMessage?: (tx: StoreTx, chat: ChatRow, row: MessageRow) => Promise<void>,
  ): Promise<WireMessage> {
    const key = this.deps.store.usesWriteKeys ? await sendKey(this.deps.store, user, chatRef) : undefined;
    const sent = await this.deps.store.write(key, async (tx) => {
      const chat = (await this.chatForUser(tx, user, chatRef, true))!;
      await checkUserCanSend(tx, chat, user, this.deps.clock.now(), content);
      if (replyTo !== undefined) {
        if (!(await tx.getMessage(chat.pk, replyTo))) {
          throw new PlatformError('REPLY_MESSAGE_NOT_FOUND', 'message to be replied not found');
        }
        content._reply_to = replyTo;
      }
      await this.#threads?.place(tx, chat, user.id, this.deps.clock.now(), content);
      const row = await this.#insert(tx, chat, user.id, content);
      await withMessage?.(tx, chat, row);
      const botIds = await this.botsOf(tx, chat, user.id, row);
      const type = chat.type === 'channel' ? 'channel_post' : 'message';
      const queued: UpdateRow[] = []; // for a poll parked here to answer from (UpdateQueue.notify)
      for (const botId of botIds) {
        const payload = await this.render(tx, chat, row, botId);
        const update = { type, payload, queueKey: `c${payload.chat.id}`, date: row.date } as const;
        await this.updates.enqueue(tx, botId, update, queued);
      }
      const business = await this.business?.relay(tx, chat, row, 'business_message', (viewer) =>
        this.render(tx, chat, row, viewer),
      );
      if (business) botIds.push(...business);
      // The guest bots the message summons get guest_message (platform/guest/, ADR 0047).
      const guests = await this.guests?.onPersonMessage(tx, chat, row);
      if (guests) botIds.push(...guests);
      return { chat, row, botIds, queued };
    });
    for (const botId of sent.botIds) this.updates.notify(botId, sent.queued);
    this.#announce(sent.chat, sent.row);
    // Bots first: a long poll woken by the notice answers within this turn; the sender's own copy
    // of the message is rendered on the next one.
    if (sent.botIds.length > 0) await new Promise((resolve) => setImmediate(resolve));
    return this.render(this.deps.store, sent.chat, sent.row, user.id);
  }

  /**
   * A bot sends a message into a chat it can see. `chatId` is as the bot sees it. Returns the
   * message as the bot sees it.
   */
  async sendFromBot(
    bot: UserRow,
    chatId: number,
    content: MessageContent,
    replyTo?: { messageId: number; allowWithout: boolean },
    /** Writes what belongs to the message (a poll's row) in the message's own transaction. */
    withMessage?: (tx: StoreTx, chat: ChatRow, row: MessageRow) => Promise<void>,
  ): Promise<WireMessage> {
    // business_connection_id (send-options.ts): the message is the business account's (ADR 0049).
    const { _business_connection_id: via, ...own } = content;
    if (typeof via === 'string' && this.business) {
      return this.business.sendOnBehalf(this, bot, via, chatId, own, replyTo, withMessage);
    }
    // A key costs reads (write-keys.ts): made only where the store uses it.
    const { store } = this.deps;
    const key = store.usesWriteKeys ? await botSendKey(store, bot.id, chatId) : { bot: bot.id };
    const sent = await store.write(key, async (tx) => {
      const chat = await this.chats.resolveForViewer(tx, bot, chatId);
      await checkBotCanSend(tx, chat, bot, this.deps.clock.now(), content);
      if (replyTo) {
        if (await tx.getMessage(chat.pk, replyTo.messageId)) content._reply_to = replyTo.messageId;
        else if (!replyTo.allowWithout) {
          throw new PlatformError('REPLY_MESSAGE_NOT_FOUND', 'message to be replied not found');
        }
      }
      await this.#threads?.place(tx, chat, bot.id, this.deps.clock.now(), content);
      const row = await this.#insert(tx, chat, bot.id, content);
      await withMessage?.(tx, chat, row);
      // The bot's message ends the drafts it streamed into the chat (sendMessageDraft, ADR 0048).
      if (chat.type === 'private') await tx.deleteDrafts(chat.pk, bot.id);
      return { chat, row };
    });
    this.#announce(sent.chat, sent.row);
    return this.render(this.deps.store, sent.chat, sent.row, bot.id, 0, content);
  }

  async #insert(tx: InsertTx, chat: ChatRow, senderId: number, content: MessageContent): Promise<MessageRow> {
    const messageId = await tx.nextMessageId(chat.pk);
    const row: MessageRow = {
      chat_pk: chat.pk,
      message_id: messageId,
      sender_id: senderId,
      date: this.deps.clock.now(),
      edit_date: null,
      body: JSON.stringify(content),
    };
    await tx.insertMessage(row);
    const thread = this.#threads?.of(content, messageId);
    if (thread !== undefined) await addToTopic(tx, chat.pk, thread, messageId);
    return row;
  }

  /**
   * The bots other than the sender that receive messages of this chat; with `message`, only those
   * that privacy mode and the channel rules let receive it (privacy.ts).
   */
  async botsOf(
    reader: RecipientsReader,
    chat: ChatRow,
    senderId: number,
    message?: MessageRow,
  ): Promise<number[]> {
    if (chat.type === 'private') {
      const otherId = chat.user_a === senderId ? chat.user_b! : chat.user_a!;
      return (await reader.getBot(otherId)) ? [otherId] : [];
    }
    const bots: number[] = [];
    for (const member of await reader.listBotMembers(chat.pk)) {
      if (member.user_id === senderId || member.status === 'left' || member.status === 'kicked') continue;
      const bot = await reader.getBot(member.user_id);
      if (!bot) continue;
      if (message) {
        const state = memberState(member, this.deps.clock.now());
        const username = (await reader.getUser(bot.id))?.username ?? '';
        if (!isPresent(state) || !(await botReceives(reader, chat, bot, username, state, message))) continue;
      }
      bots.push(member.user_id);
    }
    return bots;
  }

  #announce(chat: ChatRow, row: MessageRow): void {
    const recipients =
      chat.type === 'private' ? [chat.user_a === row.sender_id ? chat.user_b! : chat.user_a!] : [];
    this.deps.bus.emit('message.created', {
      chatPk: chat.pk,
      messageId: row.message_id,
      senderId: row.sender_id,
      recipients,
    });
  }

  /**
   * The Message object as `viewerId` sees it (reply_to_message one level deep). `stored` is the
   * content the row's body was just made from, when the caller has it (its file objects get
   * the viewer's file_ids, as a parsed body's would).
   */
  async render(
    reader: RenderReader,
    chat: ChatRow,
    row: MessageRow,
    viewerId: number,
    depth = 0,
    stored?: MessageContent,
  ): Promise<WireMessage> {
    const { _reply_to: replyTo, ...content } = stored ?? (JSON.parse(row.body) as MessageContent);
    const message: WireMessage = {
      message_id: row.message_id,
      date: row.date,
      chat: await this.chats.render(reader, chat, viewerId),
    };
    // Channel posts come from the channel itself: sender_chat, no from (spec Message).
    if (row.sender_id !== null && chat.type !== 'channel') {
      const sender = await reader.getUser(row.sender_id);
      if (sender) message.from = renderUser(sender);
    }
    // On behalf of a chat: sender_chat, and the placeholder bot as from (sender-chat-view.ts, ADR 0052).
    const onBehalf = await renderSenderChat(reader, this.chats, chat, content, viewerId);
    if (onBehalf) message.from = onBehalf.from;
    // Key order as the reference: message_id, from, sender_chat, chat, date.
    const ordered: WireMessage = {
      message_id: message.message_id,
      ...(message.from ? { from: message.from } : {}),
      ...(chat.type === 'channel' ? { sender_chat: message.chat } : {}),
      ...(onBehalf ? { sender_chat: onBehalf.sender_chat } : {}),
      chat: message.chat,
      date: message.date,
    };
    if (row.edit_date !== null) ordered.edit_date = row.edit_date;
    const thread = this.#threads?.of(content, row.message_id);
    if (thread !== undefined) Object.assign(ordered, { message_thread_id: thread, is_topic_message: true });
    if (replyTo !== undefined && depth === 0) {
      const target = await reader.getMessage(chat.pk, replyTo);
      if (target) ordered.reply_to_message = await this.render(reader, chat, target, viewerId, 1);
    }
    copyWithReferenceFields(ordered, content); // the reference's names beside the spec's (ADR 0072)
    if (ordered.paid_media !== undefined) await this.paidMedia?.view(reader, chat, row, viewerId, ordered);
    if (ordered.poll !== undefined && chat.type !== 'private' && row.sender_id !== viewerId) {
      ordered.poll = pollForOtherViewer(ordered.poll);
    }
    await fillMentionedUsers(reader, ordered);
    // The body names files by the sender's file_ids; each viewer sees its own (ADR 0040).
    await this.files?.bindFileIds(reader, viewerId, content);
    // A pin's service message shows the pinned message one level deep, or InaccessibleMessage
    // (date 0) once that message is deleted (spec pinned_message: MaybeInaccessibleMessage).
    const pinned = content._pinned;
    if (typeof pinned === 'number' && depth === 0) {
      const target = await reader.getMessage(chat.pk, pinned);
      ordered.pinned_message = target
        ? await this.render(reader, chat, target, viewerId, 1)
        : { chat: ordered.chat, message_id: pinned, date: 0 };
    }
    // A person's client shows the bot's reply keyboard, its removal or force_reply; bots never see it.
    if (content._client_markup !== undefined && !(await reader.getUser(viewerId))?.is_bot) {
      ordered.reply_markup = content._client_markup;
    }
    // What features add (message-renderers.ts): the service messages of checklists, giveaways and
    // suggested posts show the message they are about.
    if (depth === 0 && this.#renderers.length > 0) {
      const renderLinked = (id: number) =>
        reader
          .getMessage(chat.pk, id)
          .then((target) => target && this.render(reader, chat, target, viewerId, 1));
      for (const renderer of this.#renderers)
        await renderer(ordered, content, { reader, chat, viewerId, renderLinked });
    }
    return ordered;
  }

  /** The newest `limit` messages of a chat as `userRef` sees them, oldest first. */
  async listForUser(userRef: string, chatRef: string, limit: number): Promise<WireMessage[]> {
    const user = await this.users.resolve(userRef);
    const chat = await this.chatForUser(this.deps.store, user, chatRef, false);
    if (!chat) return [];
    const rows = await this.deps.store.listMessages(chat.pk, { limit });
    return Promise.all(rows.map((row) => this.render(this.deps.store, chat, row, user.id)));
  }

  /** Waits for the next message another party sends to the user in the chat (person-waits.ts). */
  waitForUser(
    userRef: string,
    chatRef: string,
    timeoutMs: number,
    afterId?: number,
    signal?: AbortSignal,
  ): Promise<WireMessage | undefined> {
    return waitForIncoming(this, this.deps, this.users, { userRef, chatRef, timeoutMs, afterId, signal });
  }

  /**
   * Stores a message from a service account (the gateway's verification messages) inside the
   * caller's transaction, so that it commits with whatever else the caller writes (a charge). No
   * update is queued: neither side is a bot. Call `announceServiceMessage` after the commit.
   */
  async insertServiceMessage(
    tx: InsertTx,
    chat: ChatRow,
    senderId: number,
    content: MessageContent,
  ): Promise<MessageRow> {
    return this.#insert(tx, chat, senderId, content);
  }

  /** Tells waiting readers (`waitForUser`, the gateway's wait for a code) of a committed message. */
  announceServiceMessage(chat: ChatRow, row: MessageRow): void {
    this.#announce(chat, row);
  }
}
