/**
 * Forwarding and copying messages (forwardMessage(s), copyMessage(s)), and a person's forward (the
 * web client's Forward, `fromPerson`).
 *
 * A forward shows where the message first came from (`forward_origin`, spec "MessageOrigin"): the
 * channel for a channel post, the chat for a message sent on behalf of a chat (`sender_chat`), the
 * sender otherwise, or only the sender's name when the sender hides their account in forwards. A
 * forward of a forward keeps the first origin. A copy has no link to the original.
 *
 * What cannot be forwarded or copied: service messages (nothing but service fields), and, for
 * forwards only, messages with protected content (bots may still copy them, as in TDLib).
 */
import type { Chats } from '../chats/chats.js';
import { PlatformError } from '../core/errors.js';
import type { Messages } from './messages.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { PollData, Polls } from './polls.js';
import { renderUser } from '../users/users.js';
import type { MessageContent, WireMessage } from '../core/wire-types.js';
import type { ChatRow, MessageRow, UserRow } from '../../storage/store.js';
import type { ChatsReader } from '../../storage/ports/chats.js';
import type { UsersReader } from '../../storage/ports/users.js';
import type { SettingsReader, SettingsWriter } from '../../storage/ports/settings.js';

/**
 * What else a person's forward of `row` does, prepared before the forward's write and run inside it
 * after the new message is stored, so that it commits with the forward or not at all: a login code
 * that the forward shares becomes void (people/login-codes.ts `voidWhenShared`, ADR 0103 addendum).
 * Handed in by the surface, which composes people/ (platform/messages must not import it).
 */
export type ForwardEffect = (
  person: UserRow,
  row: MessageRow,
) => Promise<((tx: SettingsReader & SettingsWriter) => Promise<void>) | undefined>;

/** Content fields that make a message more than a service message. */
const CONTENT_KEYS = [
  'text',
  'photo',
  'document',
  'audio',
  'video',
  'animation',
  'voice',
  'video_note',
  'sticker',
  'location',
  'venue',
  'contact',
  'poll',
  'dice',
  'game',
  'invoice',
  'story',
  'paid_media',
  'checklist',
  'live_photo',
];
/** Media that carry a caption. */
const CAPTIONED_KEYS = ['photo', 'document', 'audio', 'video', 'animation', 'voice', 'live_photo'];
/** Fields that describe the original sending and never travel with a forward or copy. */
const SENDING_KEYS = [
  'forward_origin',
  'reply_markup',
  'has_protected_content',
  'media_group_id',
  'sender_chat',
  'author_signature',
  'is_automatic_forward',
  'via_bot',
  'edit_date',
];
/** Dice values per emoji (the docs of sendDice). */
export const DICE_MAX_VALUES: ReadonlyMap<string, number> = new Map([
  ['🎲', 6],
  ['🎯', 6],
  ['🎳', 6],
  ['🏀', 5],
  ['⚽', 5],
  ['🎰', 64],
]);

/**
 * A person who hides their account in forwards has this setting set to "1"; forwards of their
 * messages then show only their name (MessageOriginHiddenUser).
 */
export const forwardsHiddenSetting = (userId: number) => `user:${userId}:forwards_hidden`;

export interface ForwardRequest {
  mode: 'forward' | 'copy';
  /** Content the sending adds (protection, keyboard, silence), as send-options read it. */
  extra: MessageContent;
  replyTo?: { messageId: number; allowWithout: boolean } | undefined;
  /** copyMessage: a new caption (possibly empty); copyMessages: remove captions. */
  caption?: { caption?: string; caption_entities?: unknown[]; show_caption_above_media?: true } | 'remove';
  /** One message (its errors are the call's) or many (those that cannot be sent are skipped). */
  single: boolean;
}

export class Forwards {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly chats: Chats,
    private readonly messages: Messages,
    private readonly polls: Polls,
  ) {}

  /**
   * Sends the messages `messageIds` of the chat `fromChatId` (as the bot sees both chats) into
   * `toChatId`, in order. Returns the sent messages as the bot sees them.
   */
  async send(
    bot: UserRow,
    fromChatId: number,
    messageIds: number[],
    toChatId: number,
    request: ForwardRequest,
  ): Promise<WireMessage[]> {
    const { store } = this.deps;
    const fromChat = await this.chats.resolveForViewer(store, bot, fromChatId);
    // The reference checks the target chat first for many messages, last for one: for one, the
    // send's own write is that check.
    if (!request.single) await this.chats.resolveForViewer(store, bot, toChatId);
    const prepared = await store.write(async (tx) => {
      const rows: MessageRow[] = [];
      for (const messageId of messageIds) {
        const row = await tx.getMessage(fromChat.pk, messageId);
        const refusal = row ? this.#refusal(row, request.mode) : 'not_found';
        if (refusal === undefined) rows.push(row!);
        else if (request.single) throw refusalError(refusal, request.mode);
      }
      // Album grouping is kept: two or more messages of one album get one new album.
      const albums = new Map<string, string | undefined>();
      for (const row of rows) {
        const group = (JSON.parse(row.body) as MessageContent).media_group_id;
        if (typeof group !== 'string') continue;
        if (!albums.has(group)) albums.set(group, undefined);
        else albums.set(group, albums.get(group) ?? newMediaGroupId(this.deps.random.bytes(8)));
      }
      const contents: Array<{ content: MessageContent; pollId?: string; copyPoll?: string }> = [];
      for (const row of rows) {
        const source = JSON.parse(row.body) as MessageContent;
        const content = await this.#content(tx, bot, fromChat, row, source, request, albums);
        const pollId = (source.poll as { id?: string } | undefined)?.id;
        if (!pollId) contents.push({ content });
        else contents.push(request.mode === 'forward' ? { content, pollId } : { content, copyPoll: pollId });
      }
      return contents;
    });

    const sent: WireMessage[] = [];
    for (const item of prepared) {
      let content = item.content;
      let newPoll: { id: string; data: PollData } | undefined;
      if (item.copyPoll) {
        // A copy of a poll is a new poll with the same settings and no votes.
        const data = await this.polls.dataOf(item.copyPoll);
        if (data) {
          newPoll = { id: this.polls.newId(), data };
          content = { ...content, poll: this.polls.initial(newPoll.id, data, false) };
        }
      }
      const { pollId } = item;
      const message = await this.messages.sendFromBot(
        bot,
        toChatId,
        content,
        request.replyTo,
        async (tx, chat, row) => {
          if (pollId) await this.polls.addMessage(tx, pollId, chat.pk, row.message_id);
          if (newPoll) await this.polls.record(tx, newPoll.id, newPoll.data, false, row);
        },
      );
      sent.push(message);
    }
    return sent;
  }

  /**
   * A person forwards the message `messageId` of a chat they see (`fromChatRef`, read as
   * `Messages.chatForUser` reads it) into `toChatRef` (the web client's Forward, ADR 0103). The new
   * message is the person's, with the forward_origin a bot's forward carries; the target chat's bots
   * get it as any message of theirs. Refused as forwardMessage refuses: a message the person cannot
   * see is not found, a service message or protected content cannot be forwarded. Returns the
   * message as the person sees it. `effect`: what else the forward does, in its write.
   */
  async fromPerson(
    person: UserRow,
    fromChatRef: string,
    messageId: number,
    toChatRef: string,
    effect?: ForwardEffect,
  ): Promise<WireMessage> {
    const { store } = this.deps;
    const fromChat = await this.messages.chatForUser(store, person, fromChatRef, false);
    if (!fromChat) throw new PlatformError('CHAT_NOT_FOUND', 'chat not found');
    const row = await store.getMessage(fromChat.pk, messageId);
    const refusal = row ? this.#refusal(row, 'forward') : 'not_found';
    if (refusal !== undefined) throw refusalError(refusal, 'forward');
    const source = JSON.parse(row!.body) as MessageContent;
    const request: ForwardRequest = { mode: 'forward', extra: {}, single: true };
    const content = await this.#content(store, person, fromChat, row!, source, request, new Map());
    const pollId = (source.poll as { id?: string } | undefined)?.id;
    const alongside = await effect?.(person, row!);
    return this.messages.deliverFromUser(person, toChatRef, content, undefined, async (tx, chat, sent) => {
      if (pollId) await this.polls.addMessage(tx, pollId, chat.pk, sent.message_id);
      await alongside?.(tx);
    });
  }

  #refusal(row: MessageRow, mode: ForwardRequest['mode']): 'service' | 'protected' | undefined {
    const content = JSON.parse(row.body) as MessageContent;
    if (!CONTENT_KEYS.some((key) => content[key] !== undefined)) return 'service';
    if (mode === 'forward' && content.has_protected_content) return 'protected';
    return undefined;
  }

  async #content(
    reader: ChatsReader & SettingsReader & UsersReader,
    viewer: UserRow,
    fromChat: ChatRow,
    row: MessageRow,
    source: MessageContent,
    request: ForwardRequest,
    albums: Map<string, string | undefined>,
  ): Promise<MessageContent> {
    const content: MessageContent = {};
    for (const [key, value] of Object.entries(source)) {
      // Internal fields (`_...`) belong to the original message.
      if (!key.startsWith('_') && !SENDING_KEYS.includes(key)) content[key] = value;
    }
    // Media objects keep the stored file_ids: rendering gives every viewer its own (ADR 0040).
    const album = typeof source.media_group_id === 'string' ? albums.get(source.media_group_id) : undefined;
    if (album) content.media_group_id = album;
    if (request.mode === 'forward') {
      return {
        forward_origin: await this.#origin(reader, viewer, fromChat, row, source),
        ...content,
        ...request.extra,
      };
    }
    if (CAPTIONED_KEYS.some((key) => content[key] !== undefined) && request.caption) {
      delete content.caption;
      delete content.caption_entities;
      delete content.show_caption_above_media;
      if (request.caption !== 'remove') Object.assign(content, request.caption);
    }
    if (content.dice) {
      // A copy throws the dice again; only a forward shows the same value.
      const { emoji } = content.dice as { emoji: string };
      content.dice = { emoji, value: this.deps.random.int(1, (DICE_MAX_VALUES.get(emoji) ?? 6) + 1) };
    }
    return { ...content, ...request.extra };
  }

  /** The MessageOrigin of a message that is not a forward itself (a forward keeps its own). */
  async #origin(
    reader: ChatsReader & SettingsReader & UsersReader,
    bot: UserRow,
    chat: ChatRow,
    row: MessageRow,
    source: MessageContent,
  ): Promise<Record<string, unknown>> {
    if (source.forward_origin) return source.forward_origin as Record<string, unknown>;
    const signature =
      typeof source.author_signature === 'string' ? { author_signature: source.author_signature } : {};
    if (chat.type === 'channel') {
      return {
        type: 'channel',
        chat: await this.chats.render(reader, chat, bot.id),
        message_id: row.message_id,
        ...signature,
        date: row.date,
      };
    }
    if (source.sender_chat)
      return { type: 'chat', sender_chat: source.sender_chat, ...signature, date: row.date };
    // Sent by a person on behalf of a chat (sender-chat-view.ts, ADR 0052): the chat, never the person.
    const onBehalf = typeof source._sender_chat === 'number' ? source._sender_chat : undefined;
    const senderChat = onBehalf === undefined ? undefined : await reader.getChatById(onBehalf);
    if (senderChat) {
      const sender_chat = await this.chats.render(reader, senderChat, bot.id);
      return { type: 'chat', sender_chat, ...signature, date: row.date };
    }
    const sender = row.sender_id === null ? undefined : await reader.getUser(row.sender_id);
    if (!sender) return { type: 'hidden_user', sender_user_name: 'Deleted Account', date: row.date };
    if ((await reader.getSetting(forwardsHiddenSetting(sender.id))) === '1') {
      const name = [sender.first_name, sender.last_name].filter(Boolean).join(' ');
      return { type: 'hidden_user', sender_user_name: name, date: row.date };
    }
    return { type: 'user', sender_user: renderUser(sender), date: row.date };
  }
}

function refusalError(refusal: 'not_found' | 'service' | 'protected', mode: ForwardRequest['mode']) {
  if (refusal === 'not_found') {
    const code = mode === 'forward' ? 'MESSAGE_TO_FORWARD_NOT_FOUND' : 'MESSAGE_TO_COPY_NOT_FOUND';
    return new PlatformError(code, `message to ${mode} not found`);
  }
  return mode === 'forward'
    ? new PlatformError('MESSAGE_CANT_BE_FORWARDED', "the message can't be forwarded")
    : new PlatformError('MESSAGE_CANT_BE_COPIED', "the message can't be copied");
}

/** A media_group_id: a positive 63-bit decimal number, as the reference's. */
export function newMediaGroupId(bytes: Buffer): string {
  return (bytes.readBigUInt64BE(0) & 0x7fffffffffffffffn).toString();
}
