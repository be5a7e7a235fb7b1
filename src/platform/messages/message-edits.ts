/**
 * Changing messages after they were sent: a bot edits the text, caption, media or inline keyboard
 * of its own messages and of inline messages sent through it (inline_message_id, ADR 0030), and
 * deletes messages; a bot moves or stops a live location it sent (also an inline one:
 * live-locations.ts has the rules); a person edits or deletes their own, and bots in the chat get
 * `edited_message` for the edit (and for an edited inline message or live location they received).
 */
import type { Chats } from '../chats/chats.js';
import { PlatformError } from '../core/errors.js';
import { checkMediaEdit, mediaTypeOf } from './media-edits.js';
import type { Messages } from './messages.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { EnqueueTx, UpdateQueue } from '../updates/update-queue.js';
import type { Users } from '../users/users.js';
import type { MessageContent, WireMessage } from '../core/wire-types.js';
import type { ChatRow, MessageRow, UserRow, WriteKey } from '../../storage/store.js';
import type { RenderReader } from '../core/store-ports.js';
import { detectEntities } from '../formatting/index.js';
import { movedLocation, stoppedLocation, type LiveLocationMove } from './live-locations.js';
import type { MessagesReader, MessagesWriter } from '../../storage/ports/messages.js';
import type { InlineReader } from '../../storage/ports/inline.js';
import type { ChatsReader } from '../../storage/ports/chats.js';
import type { UsersReader } from '../../storage/ports/users.js';

/** Bots may delete messages younger than this (reference FAQ: 48 hours). */
const DELETE_WINDOW = 48 * 3600;
const MEDIA_KEYS = ['photo', 'document', 'audio', 'video', 'animation', 'voice', 'video_note'];

/** How an edit changes the content: the fields to set; `undefined` values are removed. */
export type ContentPatch = Partial<Record<keyof MessageContent, unknown>>;

export type EditKind = 'text' | 'caption' | 'reply_markup' | 'media';

/** The message an edit names: by chat and message id, or an inline message by its id. */
export type EditRef = { chatId: number; messageId: number } | { inlineMessageId: string };

function applyPatch(content: MessageContent, patch: ContentPatch): MessageContent {
  const next: MessageContent = { ...content };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete next[key];
    else next[key] = key === 'reply_markup' ? keptForceReply(content.reply_markup, value) : value;
  }
  return next;
}

/**
 * A new inline keyboard keeps the old one's `force_reply` (10.3: "The value of the field can't be
 * changed when the inline keyboard is edited"; ADR 0089).
 */
function keptForceReply(old: unknown, next: unknown): unknown {
  if (typeof next !== 'object' || next === null) return next;
  const { force_reply: _given, ...rest } = next as Record<string, unknown>;
  const kept = (old as { force_reply?: unknown } | undefined)?.force_reply === true;
  return kept ? { ...rest, force_reply: true } : rest;
}

export class MessageEdits {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly chats: Chats,
    private readonly messages: Messages,
    private readonly updates: UpdateQueue,
  ) {}

  /**
   * A bot edits one of its messages, or an inline message sent through it (`ref`). `patch` replaces
   * the named fields; the inline keyboard is replaced too (an edit without reply_markup removes it,
   * as on the reference platform). Bots that received the message (an inline message is the
   * person's) get `edited_message`. Returns the message as the bot sees it, or true for an inline
   * message.
   */
  async editByBot(
    bot: UserRow,
    ref: EditRef,
    kind: EditKind,
    patch: ContentPatch,
  ): Promise<WireMessage | true> {
    const { store, clock } = this.deps;
    const edited = await store.write(await this.#editKey(bot, ref), async (tx) => {
      const { chat, row, content } = await this.#editable(tx, bot, ref, kind, patch);
      const next = applyPatch(content, patch);
      const body = JSON.stringify(next);
      if (body === row.body) {
        throw new PlatformError('MESSAGE_NOT_MODIFIED', 'message is not modified');
      }
      const updated: MessageRow = { ...row, body, edit_date: clock.now() };
      await tx.updateMessage(chat.pk, row.message_id, body, updated.edit_date);
      const notified = await this.#notifyEdit(tx, chat, updated, bot.id);
      return { chat, row: updated, notified };
    });
    for (const botId of edited.notified) this.updates.notify(botId);
    this.deps.bus.emit('message.changed', { chatPk: edited.chat.pk, messageId: edited.row.message_id });
    if ('inlineMessageId' in ref) return true;
    return this.messages.render(store, edited.chat, edited.row, bot.id);
  }

  /**
   * An edit's write key: the bot's, with the message it edits (read with the batch's first
   * statement on PostgreSQL) when its chat is found before the write; the write checks it again.
   */
  async #editKey(bot: UserRow, ref: EditRef): Promise<WriteKey> {
    const { store } = this.deps;
    if (!store.usesWriteKeys || !('chatId' in ref)) return { bot: bot.id };
    const chat = await this.chats.resolveForViewer(store, bot, ref.chatId).catch(() => undefined);
    return chat ? { bot: bot.id, messages: [[chat.pk, ref.messageId]] } : { bot: bot.id };
  }

  /**
   * `edited_message` (`edited_channel_post`) of an edit by `editorId` for the bots that received the
   * message: a person's (an inline message), not a bot's. Returns the bots to wake.
   */
  async #notifyEdit(
    tx: EnqueueTx & RenderReader,
    chat: ChatRow,
    updated: MessageRow,
    editorId: number,
  ): Promise<number[]> {
    const sender = updated.sender_id;
    const botIds =
      sender === null || (await tx.getBot(sender))
        ? []
        : (await this.messages.botsOf(tx, chat, sender, updated)).filter((id) => id !== editorId);
    const notified: number[] = [];
    for (const botId of botIds) {
      const payload = await this.messages.render(tx, chat, updated, botId);
      const queued = await this.updates.enqueue(tx, botId, {
        type: chat.type === 'channel' ? 'edited_channel_post' : 'edited_message',
        payload,
        queueKey: `c${payload.chat.id}`,
        date: updated.edit_date!,
      });
      if (queued !== null) notified.push(botId);
    }
    return notified;
  }

  /**
   * A bot moves (`move`) or stops (`'stop'`) a live location: its own message, or an inline message
   * sent through it. The inline keyboard is replaced as by other edits. Bots that received the
   * message get `edited_message` (`edited_channel_post`). Returns the message as the bot sees it,
   * or true for an inline message.
   */
  async editLiveLocationByBot(
    bot: UserRow,
    ref: EditRef,
    move: LiveLocationMove | 'stop',
    markup: { reply_markup: unknown },
  ): Promise<WireMessage | true> {
    const { store, clock } = this.deps;
    const edited = await store.write(async (tx) => {
      const { chat, row } = await this.#target(tx, bot, ref);
      const content = JSON.parse(row.body) as MessageContent;
      const now = clock.now();
      const location =
        move === 'stop'
          ? stoppedLocation(content, row.date, now)
          : movedLocation(content, move, row.date, now);
      const body = JSON.stringify(applyPatch(content, { location, ...markup }));
      if (body === row.body) throw new PlatformError('MESSAGE_NOT_MODIFIED', 'message is not modified');
      const updated: MessageRow = { ...row, body, edit_date: now };
      await tx.updateMessage(chat.pk, row.message_id, body, now);
      const notified = await this.#notifyEdit(tx, chat, updated, bot.id);
      return { chat, row: updated, notified };
    });
    for (const botId of edited.notified) this.updates.notify(botId);
    this.deps.bus.emit('message.changed', { chatPk: edited.chat.pk, messageId: edited.row.message_id });
    if ('inlineMessageId' in ref) return true;
    return this.messages.render(store, edited.chat, edited.row, bot.id);
  }

  /**
   * The message an edit names: the bot's own message in a chat, or an inline message sent through
   * the bot (another bot's inline message is refused as unknown, as the reference's ids are).
   */
  async #target(
    reader: ChatsReader & InlineReader & MessagesReader & UsersReader,
    bot: UserRow,
    ref: EditRef,
  ): Promise<{ chat: ChatRow; row: MessageRow }> {
    if ('inlineMessageId' in ref) {
      const inline = await reader.getInlineMessage(ref.inlineMessageId);
      const chat = inline && inline.bot_id === bot.id ? await reader.getChat(inline.chat_pk) : undefined;
      const row = inline && chat ? await reader.getMessage(chat.pk, inline.message_id) : undefined;
      if (!chat || !row) throw new PlatformError('INLINE_MESSAGE_ID_INVALID', 'no such inline message');
      return { chat, row };
    }
    const chat = await this.chats.resolveForViewer(reader, bot, ref.chatId);
    const row = await reader.getMessage(chat.pk, ref.messageId);
    if (!row) throw new PlatformError('MESSAGE_TO_EDIT_NOT_FOUND', 'message to edit not found');
    if (row.sender_id !== bot.id)
      throw new PlatformError('MESSAGE_CANT_BE_EDITED', "message can't be edited");
    return { chat, row };
  }

  /**
   * editByBot's checks alone, as a read: whether the bot may edit the message this way. For edits
   * that store something first (editMessageMedia's upload), so that a refused one stores nothing.
   */
  async checkEditByBot(bot: UserRow, ref: EditRef, kind: EditKind, patch: ContentPatch): Promise<void> {
    await this.#editable(this.deps.store, bot, ref, kind, patch);
  }

  async #editable(
    reader: ChatsReader & InlineReader & MessagesReader & UsersReader,
    bot: UserRow,
    ref: EditRef,
    kind: EditKind,
    patch: ContentPatch,
  ): Promise<{ chat: ChatRow; row: MessageRow; content: MessageContent }> {
    const { chat, row } = await this.#target(reader, bot, ref);
    const content = JSON.parse(row.body) as MessageContent;
    // editMessageText edits text and rich messages (spec), turning one into the other.
    if (kind === 'text' && content.text === undefined && content.rich_message === undefined) {
      throw new PlatformError('NO_TEXT_TO_EDIT', 'there is no text in the message to edit');
    }
    if (kind === 'caption' && !MEDIA_KEYS.some((key) => content[key] !== undefined)) {
      throw new PlatformError('NO_CAPTION_TO_EDIT', 'there is no caption in the message to edit');
    }
    if (kind === 'media') checkMediaEdit(content, mediaTypeOf(patch));
    return { chat, row, content };
  }

  /**
   * A bot deletes a message: its own, or any in a private chat, younger than 48 hours.
   * Returns false when there was no such message.
   */
  async deleteByBot(
    tx: MessagesReader & MessagesWriter,
    bot: UserRow,
    chat: ChatRow,
    messageId: number,
  ): Promise<boolean> {
    const row = await tx.getMessage(chat.pk, messageId);
    if (!row) return false;
    const ownOrPrivate = row.sender_id === bot.id || chat.type === 'private';
    if (!ownOrPrivate || this.deps.clock.now() - row.date > DELETE_WINDOW) {
      throw new PlatformError('MESSAGE_CANT_BE_DELETED', "message can't be deleted");
    }
    await tx.deleteMessage(chat.pk, messageId);
    return true;
  }

  /** Deletes messages by id; fails only if none of them exists. */
  async deleteManyByBot(bot: UserRow, chatId: number, messageIds: number[]): Promise<void> {
    const { store } = this.deps;
    const chat = await store.write(async (tx) => {
      const target = await this.chats.resolveForViewer(tx, bot, chatId);
      let deleted = 0;
      for (const id of messageIds) if (await this.deleteByBot(tx, bot, target, id)) deleted += 1;
      if (deleted === 0)
        throw new PlatformError('MESSAGE_TO_DELETE_NOT_FOUND', 'message to delete not found');
      return target;
    });
    for (const messageId of messageIds) this.deps.bus.emit('message.changed', { chatPk: chat.pk, messageId });
  }

  /** A person edits the text of their own message; bots in the chat get `edited_message`. */
  async editByUser(userRef: string, chatRef: string, messageId: number, text: string): Promise<WireMessage> {
    const { store, clock } = this.deps;
    const user = await this.users.resolve(userRef, 'user');
    const trimmed = text.trim();
    if (trimmed === '') throw new PlatformError('MESSAGE_TEXT_EMPTY', 'text is empty');
    const result = await store.write(async (tx) => {
      const chat = await this.messages.chatForUser(tx, user, chatRef, false);
      if (!chat) throw new PlatformError('CHAT_NOT_FOUND', `no chat "${chatRef}"`);
      const row = await tx.getMessage(chat.pk, messageId);
      if (!row || row.sender_id !== user.id)
        throw new PlatformError('MESSAGE_NOT_FOUND', `no message ${messageId} of yours`);
      const content = JSON.parse(row.body) as MessageContent;
      if (content.text === undefined)
        throw new PlatformError('BAD_REQUEST', 'only text messages can be edited');
      const entities = detectEntities(trimmed);
      const body = JSON.stringify(
        applyPatch(content, { text: trimmed, entities: entities.length > 0 ? entities : undefined }),
      );
      if (body === row.body) throw new PlatformError('MESSAGE_NOT_MODIFIED', 'message is not modified');
      const updated: MessageRow = { ...row, body, edit_date: clock.now() };
      await tx.updateMessage(chat.pk, messageId, body, updated.edit_date);
      const botIds = await this.messages.botsOf(tx, chat, user.id, updated);
      for (const botId of botIds) {
        const payload = await this.messages.render(tx, chat, updated, botId);
        await this.updates.enqueue(tx, botId, {
          type: chat.type === 'channel' ? 'edited_channel_post' : 'edited_message',
          payload,
          queueKey: `c${payload.chat.id}`,
          date: updated.edit_date!,
        });
      }
      const business = await this.messages.business?.relay(
        tx,
        chat,
        updated,
        'edited_business_message',
        (viewer) => this.messages.render(tx, chat, updated, viewer),
      );
      if (business) botIds.push(...business);
      return { chat, row: updated, botIds };
    });
    for (const botId of result.botIds) this.updates.notify(botId);
    this.deps.bus.emit('message.changed', { chatPk: result.chat.pk, messageId });
    return this.messages.render(store, result.chat, result.row, user.id);
  }

  /** A person deletes their own message (bots get no update for that in private chats). */
  async deleteByUser(userRef: string, chatRef: string, messageId: number): Promise<void> {
    const { store } = this.deps;
    const user = await this.users.resolve(userRef, 'user');
    const { chatPk, business } = await store.write(async (tx) => {
      const chat = await this.messages.chatForUser(tx, user, chatRef, false);
      if (!chat) throw new PlatformError('CHAT_NOT_FOUND', `no chat "${chatRef}"`);
      const row = await tx.getMessage(chat.pk, messageId);
      if (!row || row.sender_id !== user.id)
        throw new PlatformError('MESSAGE_NOT_FOUND', `no message ${messageId} of yours`);
      await tx.deleteMessage(chat.pk, messageId);
      // Bots connected to a business account of the chat get deleted_business_messages (ADR 0049).
      const business = (await this.messages.business?.relayDeleted(tx, chat, [messageId])) ?? [];
      return { chatPk: chat.pk, business };
    });
    for (const botId of business) this.updates.notify(botId);
    this.deps.bus.emit('message.changed', { chatPk, messageId });
  }
}
