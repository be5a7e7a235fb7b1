/**
 * Channels' direct messages (ADR 0053): the channel's owner turns them on (control API), which makes
 * the channel's direct-messages chat, a supergroup with `parent_pk` the channel (Chat
 * is_direct_messages, ChatFullInfo parent_chat) administered by the channel's administrators at
 * that moment (turning them on again copies them anew); a `direct_message_price_changed` service
 * message goes to the channel. People then write to it, each in a topic of their own (the topic id
 * is their user id: `direct_messages_topic`), and may suggest a post with a price in Stars and a
 * date; the administrator bots of the chat get each as a `message` update.
 */
import {
  botMembers,
  chatForPerson,
  commit,
  type Effects,
  type GroupContext,
} from '../chats/group-context.js';
import { isAdmin, isPresent, hasRight, memberState } from '../chats/chat-rights.js';
import { PlatformError } from '../core/errors.js';
import { detectEntities, codePointLength } from '../formatting/index.js';
import { MAX_TEXT_LENGTH, type Messages } from '../messages/messages.js';
import { renderUser } from '../users/users.js';
import type { StarsLedger } from '../payments/stars-ledger.js';
import type { MessageContent, WireMessage } from '../core/wire-types.js';
import { priceProblem, sendDateProblem, type SuggestedPostPrice } from './suggested-post-rules.js';
import type { ServiceMessageTx } from '../chats/chat-events.js';
import type { ChatRow, MessageRow, UserRow } from '../../storage/store.js';
import type { ChatsReader, ChatsWriter } from '../../storage/ports/chats.js';
import type { SuggestedPostsReader } from '../../storage/ports/suggested-posts.js';

export interface SuggestedPostsContext extends GroupContext<Messages> {
  stars: StarsLedger;
}

/** A suggestion's terms as the person gives them. */
export interface Suggestion {
  price?: SuggestedPostPrice | undefined;
  send_date?: number | undefined;
}

const refuse = (reason: string, message: string) =>
  new PlatformError('SUGGESTED_POST_INVALID', message, { reason });

export class DirectMessages {
  constructor(private readonly ctx: SuggestedPostsContext) {}

  /**
   * The owner (the creator, or an administrator with can_manage_direct_messages) turns the
   * channel's direct messages on or off. Answers the direct-messages chat and its channel.
   */
  async enable(byRef: string, channelRef: string | number, enabled: boolean): Promise<ChatRow> {
    const { users, deps } = this.ctx;
    const by = await users.resolve(byRef, 'user');
    return commit(this.ctx, async (tx, effects) => {
      const { chat: channel, state } = await chatForPerson(this.ctx, tx, by, channelRef, true);
      if (channel.type !== 'channel') throw new PlatformError('BAD_REQUEST', 'the chat is not a channel');
      if (!hasRight(state, 'can_manage_direct_messages')) {
        throw new PlatformError(
          'CHAT_ADMIN_REQUIRED',
          'only the creator or an administrator with can_manage_direct_messages',
        );
      }
      const now = deps.clock.now();
      const link = await tx.getDirectMessagesChat(channel.pk);
      const chat = link ? (await tx.getChat(link.chat_pk))! : await this.#create(tx, channel);
      if (enabled) await this.#copyAdministrators(tx, channel, chat, now);
      await tx.upsertDirectMessagesChat({
        channel_pk: channel.pk,
        chat_pk: chat.pk,
        enabled: enabled ? 1 : 0,
        updated_at: now,
      });
      if (!link || (link.enabled === 1) !== enabled) {
        // The channel hears of it (spec DirectMessagePriceChanged); direct messages are free here.
        await this.#toChannel(tx, effects, channel, by.id, {
          direct_message_price_changed: {
            are_direct_messages_enabled: enabled,
            ...(enabled ? { direct_message_star_count: 0 } : {}),
          },
        });
      }
      return chat;
    });
  }

  /** The direct-messages chat of a channel named by id or @username (or its own id), for the control API. */
  async lookup(ref: string | number): Promise<{ chat: ChatRow; channel: ChatRow; enabled: boolean }> {
    const { store } = this.ctx.deps;
    const text = String(ref).trim();
    const named = /^-\d+$/.test(text)
      ? await store.getChatById(Number(text))
      : await store.getChatByUsername(text.replace(/^@/, ''));
    const channel = named?.parent_pk ? await store.getChat(named.parent_pk) : named;
    const link = channel?.type === 'channel' ? await store.getDirectMessagesChat(channel.pk) : undefined;
    const chat = link ? await store.getChat(link.chat_pk) : undefined;
    if (!channel || !link || !chat)
      throw new PlatformError('CHAT_NOT_FOUND', `chat ${text} has no direct messages`);
    return { chat, channel, enabled: link.enabled === 1 };
  }

  /** The direct-messages chat a person names: the channel (id or @username) or the chat's own id. */
  async resolve(
    reader: ChatsReader & SuggestedPostsReader,
    user: UserRow,
    ref: string | number,
  ): Promise<{ chat: ChatRow; channel: ChatRow; enabled: boolean }> {
    const { chat: named } = await chatForPerson(this.ctx, reader, user, ref, false);
    const channel = named.parent_pk ? await reader.getChat(named.parent_pk) : named;
    const link = channel?.type === 'channel' ? await reader.getDirectMessagesChat(channel.pk) : undefined;
    const chat = link ? await reader.getChat(link.chat_pk) : undefined;
    if (!channel || !link || !chat) {
      throw new PlatformError('CHAT_NOT_FOUND', `chat ${String(ref)} has no direct messages`);
    }
    return { chat, channel, enabled: link.enabled === 1 };
  }

  /**
   * A person writes to a channel's direct messages, in their topic; with `suggestion`, the message
   * is a suggested post (suggested_post_info pending, its price and date). Answers the message as
   * the person sees it.
   */
  async send(
    userRef: string,
    channelRef: string | number,
    text: string,
    suggestion?: Suggestion,
  ): Promise<WireMessage> {
    const { users, deps, messages } = this.ctx;
    const user = await users.resolve(userRef, 'user');
    const trimmed = typeof text === 'string' ? text.trim() : '';
    if (trimmed === '') throw new PlatformError('MESSAGE_TEXT_EMPTY', 'text is empty');
    if (codePointLength(trimmed) > MAX_TEXT_LENGTH) {
      throw new PlatformError('MESSAGE_TOO_LONG', `text is longer than ${MAX_TEXT_LENGTH} characters`);
    }
    if (suggestion?.price) {
      const problem = priceProblem(suggestion.price);
      if (problem) throw refuse(problem, 'a price is XTR (Stars) from 5 to 100000; TON is not supported');
    }
    const sent = await commit(this.ctx, async (tx, effects) => {
      const { chat, channel, enabled } = await this.resolve(tx, user, channelRef);
      if (!enabled) throw new PlatformError('CHAT_WRITE_FORBIDDEN', 'the channel’s direct messages are off');
      const now = deps.clock.now();
      if (suggestion) {
        const problem = sendDateProblem(suggestion.send_date, now);
        if (problem) throw refuse(problem, 'send_date must be 300 s to 30 days ahead');
      }
      const state = memberState(await tx.getMember(chat.pk, user.id), now);
      if (state.status === 'kicked') throw new PlatformError('CHAT_WRITE_FORBIDDEN', 'banned in this chat');
      if (!isPresent(state)) {
        // The person joins the chat as a member, to read their topic (listMessages, waitForMessage).
        await tx.upsertMember({
          chat_pk: chat.pk,
          user_id: user.id,
          status: 'member',
          data: '{}',
          updated_at: now,
        });
      }
      const content: MessageContent = { direct_messages_topic: topicOf(user), text: trimmed };
      const entities = detectEntities(trimmed);
      if (entities.length > 0) content.entities = entities;
      if (suggestion) {
        content.suggested_post_info = {
          state: 'pending',
          ...(suggestion.price ? { price: suggestion.price } : {}),
          ...(suggestion.send_date !== undefined ? { send_date: suggestion.send_date } : {}),
        };
      }
      const row = await this.post(tx, effects, chat, user.id, content);
      if (suggestion) {
        await tx.insertSuggestedPost({
          chat_pk: chat.pk,
          message_id: row.message_id,
          channel_pk: channel.pk,
          author_id: user.id,
          state: 'pending',
          phase: null,
          currency: suggestion.price?.currency ?? null,
          amount: suggestion.price?.amount ?? null,
          send_date: suggestion.send_date ?? null,
          publish_at: null,
          approved_by: null,
          post_message_id: null,
          published_at: null,
          charge_id: null,
          due_at: null,
        });
      }
      return { chat, row };
    });
    return messages.render(deps.store, sent.chat, sent.row, user.id);
  }

  /**
   * Stores a message in the direct-messages chat (`senderId` null: from the channel, a service
   * message) and queues it as `message` for the chat's administrator bots other than the sender.
   */
  async post(
    tx: ServiceMessageTx,
    effects: Effects,
    chat: ChatRow,
    senderId: number | null,
    content: MessageContent,
  ): Promise<MessageRow> {
    const { deps, messages, updates } = this.ctx;
    const messageId = await tx.nextMessageId(chat.pk);
    const row: MessageRow = {
      chat_pk: chat.pk,
      message_id: messageId,
      sender_id: senderId,
      date: deps.clock.now(),
      edit_date: null,
      body: JSON.stringify(content),
    };
    await tx.insertMessage(row);
    effects.messages.push({ chat, row });
    for (const member of await botMembers(tx, chat, row.date)) {
      if (member.bot.id === senderId || !isAdmin(member.state)) continue;
      const payload = await messages.render(tx, chat, row, member.bot.id);
      const queued = await updates.enqueue(tx, member.bot.id, {
        type: 'message',
        payload,
        queueKey: `c${chat.id}`,
        date: row.date,
      });
      if (queued !== null) effects.bots.add(member.bot.id);
    }
    return row;
  }

  /** A message in the channel from `senderId`, queued as channel_post for its other administrator bots. */
  async #toChannel(
    tx: ServiceMessageTx,
    effects: Effects,
    channel: ChatRow,
    senderId: number,
    content: MessageContent,
  ): Promise<MessageRow> {
    const { messages, updates } = this.ctx;
    const row = await messages.insertServiceMessage(tx, channel, senderId, content);
    effects.messages.push({ chat: channel, row });
    for (const member of await botMembers(tx, channel, row.date)) {
      if (member.bot.id === senderId || member.state.status !== 'administrator') continue;
      const payload = await messages.render(tx, channel, row, member.bot.id);
      const queued = await updates.enqueue(tx, member.bot.id, {
        type: 'channel_post',
        payload,
        queueKey: `c${channel.id}`,
        date: row.date,
      });
      if (queued !== null) effects.bots.add(member.bot.id);
    }
    return row;
  }

  /** Publishes a post in the channel as `senderId` (suggested-posts.ts). */
  async publish(
    tx: ServiceMessageTx,
    effects: Effects,
    channel: ChatRow,
    senderId: number,
    content: MessageContent,
  ): Promise<MessageRow> {
    return this.#toChannel(tx, effects, channel, senderId, content);
  }

  async #create(tx: ChatsReader & ChatsWriter, channel: ChatRow): Promise<ChatRow> {
    const { random, clock } = this.ctx.deps;
    let id: number;
    do {
      id = -(1_000_000_000_000 + random.int(1_000_000_000, 3_000_000_000));
    } while (await tx.getChatById(id));
    const row: Omit<ChatRow, 'pk'> = {
      id,
      type: 'supergroup',
      title: channel.title,
      username: null,
      description: null,
      user_a: null,
      user_b: null,
      last_message_id: 0,
      created_at: clock.now(),
      permissions: null,
      parent_pk: channel.pk,
    };
    return { pk: await tx.insertChat(row), ...row };
  }

  /** The channel's creator and administrators administer its direct messages with the same rights. */
  async #copyAdministrators(
    tx: ChatsReader & ChatsWriter,
    channel: ChatRow,
    chat: ChatRow,
    now: number,
  ): Promise<void> {
    for (const row of await tx.listMembers(channel.pk)) {
      const state = memberState(row, now);
      if (!isAdmin(state)) continue;
      const status = state.status === 'creator' ? 'creator' : 'administrator';
      await tx.upsertMember({
        chat_pk: chat.pk,
        user_id: row.user_id,
        status,
        data: row.data,
        updated_at: now,
      });
    }
  }
}

/** DirectMessagesTopic of a person: their user id is the topic's id. */
export function topicOf(user: UserRow): Record<string, unknown> {
  return { topic_id: user.id, user: renderUser(user) };
}
