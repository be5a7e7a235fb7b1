/**
 * Reactions to messages (docs/adr/0031-reactions-and-pins.md). People and bots choose reactions;
 * a bot chooses at most one, from the emoji list of spec ReactionTypeEmoji or a custom emoji
 * already on the message. A person's change reaches, as `message_reaction`, the bots that
 * administer the chat (in a private chat: the bot of the chat) and list the type explicitly in
 * allowed_updates (the update queue applies that filter). In channels reactions are anonymous:
 * administrator bots get `message_reaction_count` with the new totals instead. Bots' own reactions
 * cause no update. In groups and supergroups an administrator bot with can_delete_messages may remove
 * a person's reactions (deleteMessageReaction, deleteAllMessageReactions); each removal is announced
 * as the person's own change to an empty list would be.
 */
import { stateOf } from '../chats/chat-access.js';
import { hasRight } from '../chats/chat-rights.js';
import type { Chats } from '../chats/chats.js';
import { PlatformError } from '../core/errors.js';
import type { Messages } from './messages.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { EnqueueTx, UpdateQueue } from '../updates/update-queue.js';
import { renderUser, type Users } from '../users/users.js';
import type { WireUser } from '../core/wire-types.js';
import type { ChatRow, MessageReactionRow, UserRow } from '../../storage/store.js';
import type { MessagesReader, MessagesWriter } from '../../storage/ports/messages.js';
import type { UsersReader } from '../../storage/ports/users.js';
import type { ChatsReader } from '../../storage/ports/chats.js';
import type { SettingsWriter } from '../../storage/ports/settings.js';

export type ReactionType =
  { type: 'emoji'; emoji: string } | { type: 'custom_emoji'; custom_emoji_id: string } | { type: 'paid' };

export interface ReactionCount {
  type: ReactionType;
  total_count: number;
}

/** What a person's client shows of a message's reactions. */
export interface ReactionState {
  message_id: number;
  reactions: ReactionCount[];
  /** The acting person's own reactions. */
  chosen: ReactionType[];
  /** Who chose what (not in channels, where reactions are anonymous). */
  recent?: Array<{ user: WireUser; reaction: ReactionType[] }>;
}

/** spec ReactionTypeEmoji: the emoji a reaction may be. */
// prettier-ignore
export const REACTION_EMOJI: readonly string[] = [
  '❤', '👍', '👎', '🔥', '🥰', '👏', '😁', '🤔', '🤯', '😱', '🤬', '😢', '🎉', '🤩', '🤮', '💩', '🙏',
  '👌', '🕊', '🤡', '🥱', '🥴', '😍', '🐳', '❤‍🔥', '🌚', '🌭', '💯', '🤣', '⚡', '🍌', '🏆', '💔', '🤨',
  '😐', '🍓', '🍾', '💋', '🖕', '😈', '😴', '😭', '🤓', '👻', '👨‍💻', '👀', '🎃', '🙈', '😇', '😨', '🤝',
  '✍', '🤗', '🫡', '🎅', '🎄', '☃', '💅', '🤪', '🗿', '🆒', '💘', '🙉', '🦄', '😘', '💊', '🙊', '😎',
  '👾', '🤷‍♂', '🤷', '🤷‍♀', '😡',
];

/** The list without variation selectors, so that "❤️" (with U+FE0F) finds "❤". */
const EMOJI_BY_BARE = new Map(REACTION_EMOJI.map((emoji) => [emoji.replace(/\uFE0F/g, ''), emoji]));

/** The listed emoji `text` means, or undefined. */
export function reactionEmoji(text: string): string | undefined {
  return EMOJI_BY_BARE.get(text.replace(/\uFE0F/g, ''));
}

/** A bot chooses at most one reaction, a person (as with Premium) up to three. */
const MAX_BOT_REACTIONS = 1;
const MAX_USER_REACTIONS = 3;
/** A message shows at most this many distinct reactions (the platform's reactions_uniq_max). */
const MAX_DISTINCT_REACTIONS = 11;
/** deleteAllMessageReactions removes at most this many of a person's recent reactions. */
const MAX_REMOVED_REACTIONS = 10_000;

const keyOf = (r: ReactionType) =>
  r.type === 'emoji' ? `e:${r.emoji}` : r.type === 'custom_emoji' ? `c:${r.custom_emoji_id}` : 'paid';

const dedupe = (list: ReactionType[]) => [...new Map(list.map((r) => [keyOf(r), r])).values()];

export class Reactions {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly chats: Chats,
    private readonly messages: Messages,
    private readonly updates: UpdateQueue,
  ) {}

  /** setMessageReaction: the bot's reactions to a message of a chat it sees (`chatId` as it sees it). */
  async setByBot(bot: UserRow, chatId: number, messageId: number, reaction: ReactionType[], isBig: boolean) {
    await this.deps.store.write(async (tx) => {
      const chat = await this.chats.resolveForViewer(tx, bot, chatId);
      if (messageId <= 0 || !(await tx.getMessage(chat.pk, messageId))) {
        throw new PlatformError('MESSAGE_TO_REACT_NOT_FOUND', 'message to react not found');
      }
      const rows = await tx.listMessageReactions(chat.pk, messageId);
      const list = dedupe(
        reaction.map((r) =>
          r.type === 'emoji' ? { type: 'emoji', emoji: reactionEmoji(r.emoji) ?? r.emoji } : r,
        ),
      );
      for (const r of list) {
        // A custom emoji only when it is already on the message (no chat allows more); no paid ones.
        const present = rows.some((row) => parse(row).some((p) => keyOf(p) === keyOf(r)));
        const listed =
          r.type === 'emoji' ? reactionEmoji(r.emoji) !== undefined : r.type === 'custom_emoji' && present;
        if (!listed) throw new PlatformError('REACTION_INVALID', 'REACTION_INVALID');
      }
      if (list.length > MAX_BOT_REACTIONS)
        throw new PlatformError('REACTIONS_TOO_MANY', 'REACTIONS_TOO_MANY');
      await this.#store(tx, chat, messageId, bot.id, rows, list, isBig);
    });
    return true;
  }

  /**
   * deleteMessageReaction (`messageId` given) and deleteAllMessageReactions (the 10000 most recently
   * changed reactions in the chat): a bot with can_delete_messages in a group or supergroup removes
   * the reactions of `userId`, in one write; the people's removals are announced as their own
   * changes to an empty list are (bots' reactions cause no update).
   */
  async removeByBot(bot: UserRow, chatId: number, userId: number, messageId?: number): Promise<true> {
    const { store, clock } = this.deps;
    const notified = await store.write(async (tx) => {
      const chat = await this.chats.resolveForViewer(tx, bot, chatId);
      if (chat.type !== 'group' && chat.type !== 'supergroup') {
        throw new PlatformError('GROUPS_ONLY', 'reactions can be removed in groups and supergroups only');
      }
      if (!hasRight(await stateOf(tx, chat, bot.id, clock.now()), 'can_delete_messages')) {
        throw new PlatformError('NOT_ENOUGH_RIGHTS', 'removing reactions needs can_delete_messages');
      }
      if (messageId !== undefined && (messageId <= 0 || !(await tx.getMessage(chat.pk, messageId)))) {
        throw new PlatformError('MESSAGE_TO_REACT_NOT_FOUND', 'message to react not found');
      }
      const user = await tx.getUser(userId);
      if (!user) throw new PlatformError('USER_NOT_FOUND', `no user ${userId}`);
      const rows =
        messageId === undefined
          ? await tx.listUserReactions(chat.pk, userId, MAX_REMOVED_REACTIONS)
          : (await tx.listMessageReactions(chat.pk, messageId)).filter((row) => row.user_id === userId);
      const bots = new Set<number>();
      for (const row of rows) {
        await tx.deleteMessageReaction(chat.pk, row.message_id, userId);
        if (user.is_bot || !(await tx.getMessage(chat.pk, row.message_id))) continue;
        for (const botId of await this.#announce(tx, chat, row.message_id, user, parse(row), [])) {
          bots.add(botId);
        }
      }
      return [...bots];
    });
    for (const botId of notified) this.updates.notify(botId);
    return true;
  }

  /** A person sets their reactions to a message (an empty list removes them). */
  async setByUser(
    userRef: string,
    chatRef: string,
    messageId: number,
    reaction: ReactionType[],
    isBig: boolean,
  ): Promise<ReactionState> {
    const { store } = this.deps;
    const user = await this.users.resolve(userRef, 'user');
    const list = dedupe(reaction.map(checkUserReaction));
    if (list.length > MAX_USER_REACTIONS) {
      throw new PlatformError('REACTION_INVALID', `at most ${MAX_USER_REACTIONS} reactions per person`);
    }
    const outcome = await store.write(async (tx) => {
      const chat = await this.#chatOf(tx, user, chatRef, messageId);
      const rows = await tx.listMessageReactions(chat.pk, messageId);
      const old = parse(rows.find((row) => row.user_id === user.id));
      if (sameList(old, list)) return { chat, notified: [] as number[] };
      await this.#store(tx, chat, messageId, user.id, rows, list, isBig);
      return { chat, notified: await this.#announce(tx, chat, messageId, user, old, list) };
    });
    for (const botId of outcome.notified) this.updates.notify(botId);
    // People's apps showing the message read it again (the web client's event stream).
    this.deps.bus.emit('message.changed', { chatPk: outcome.chat.pk, messageId });
    return this.#state(store, outcome.chat, messageId, user.id);
  }

  /**
   * The reactions of a page of messages (ids `fromId` to `toId`) as `viewerId` sees them: per message
   * with any, the counts and the viewer's own choice. One read for the page.
   */
  async summaries(
    reader: MessagesReader,
    chat: ChatRow,
    fromId: number,
    toId: number,
    viewerId: number,
  ): Promise<Map<number, { reactions: ReactionCount[]; chosen: ReactionType[] }>> {
    const byMessage = new Map<number, MessageReactionRow[]>();
    for (const row of await reader.listReactionsBetween(chat.pk, fromId, toId)) {
      const list = byMessage.get(row.message_id) ?? [];
      list.push(row);
      byMessage.set(row.message_id, list);
    }
    const out = new Map<number, { reactions: ReactionCount[]; chosen: ReactionType[] }>();
    for (const [messageId, rows] of byMessage) {
      const reactions = totalsOf(rows);
      if (reactions.length > 0) {
        out.set(messageId, { reactions, chosen: parse(rows.find((row) => row.user_id === viewerId)) });
      }
    }
    return out;
  }

  /** The reactions of a message as a person's client shows them. */
  async stateFor(userRef: string, chatRef: string, messageId: number): Promise<ReactionState> {
    const { store } = this.deps;
    const user = await this.users.resolve(userRef, 'user');
    const chat = await this.#chatOf(store, user, chatRef, messageId);
    return this.#state(store, chat, messageId, user.id);
  }

  async #chatOf(
    reader: ChatsReader & MessagesReader & UsersReader,
    user: UserRow,
    chatRef: string,
    messageId: number,
  ) {
    const chat = await this.messages.chatForUser(reader, user, chatRef, false);
    if (!chat) throw new PlatformError('CHAT_NOT_FOUND', `no chat "${chatRef}"`);
    if (!(await reader.getMessage(chat.pk, messageId))) {
      throw new PlatformError('MESSAGE_NOT_FOUND', `no message ${messageId} in that chat`);
    }
    return chat;
  }

  /**
   * Stores an actor's new list after checking the message's limit of distinct reactions: a count
   * of rows that another write may add to at the same time, so the decision is guarded (ADR 0129).
   */
  async #store(
    tx: MessagesWriter & SettingsWriter,
    chat: ChatRow,
    messageId: number,
    actorId: number,
    rows: MessageReactionRow[],
    list: ReactionType[],
    isBig: boolean,
  ): Promise<void> {
    await tx.guardWrite(`reactions:${chat.pk}:${messageId}`);
    const others = new Set(
      rows.filter((row) => row.user_id !== actorId).flatMap((row) => parse(row).map(keyOf)),
    );
    const distinct = new Set([...others, ...list.map(keyOf)]);
    if (list.some((r) => !others.has(keyOf(r))) && distinct.size > MAX_DISTINCT_REACTIONS) {
      throw new PlatformError('REACTIONS_TOO_MANY', 'REACTIONS_TOO_MANY');
    }
    if (list.length === 0) await tx.deleteMessageReaction(chat.pk, messageId, actorId);
    else {
      await tx.setMessageReaction({
        chat_pk: chat.pk,
        message_id: messageId,
        user_id: actorId,
        reaction: JSON.stringify(list),
        is_big: isBig,
        updated_at: this.deps.clock.now(),
      });
    }
  }

  /** Queues the updates of a person's change; returns the bots that got one. */
  async #announce(
    tx: ChatsReader & MessagesReader & EnqueueTx,
    chat: ChatRow,
    messageId: number,
    user: UserRow,
    old: ReactionType[],
    list: ReactionType[],
  ): Promise<number[]> {
    const date = this.deps.clock.now();
    const notified: number[] = [];
    for (const botId of await this.#adminBots(tx, chat, user.id)) {
      const wireChat = await this.chats.render(tx, chat, botId);
      const update =
        chat.type === 'channel'
          ? {
              type: 'message_reaction_count' as const,
              payload: {
                chat: wireChat,
                message_id: messageId,
                date,
                reactions: await counts(tx, chat, messageId),
              },
            }
          : {
              type: 'message_reaction' as const,
              payload: {
                chat: wireChat,
                message_id: messageId,
                user: renderUser(user),
                date,
                old_reaction: old,
                new_reaction: list,
              },
            };
      const queued = await this.updates.enqueue(tx, botId, { ...update, queueKey: `c${wireChat.id}`, date });
      if (queued !== null) notified.push(botId);
    }
    return notified;
  }

  /**
   * The bots that administer the chat: in a private chat the bot of the chat (it is the only one
   * who manages it), elsewhere bot members with the creator or administrator status.
   */
  async #adminBots(
    reader: ChatsReader & MessagesReader & UsersReader,
    chat: ChatRow,
    actorId: number,
  ): Promise<number[]> {
    if (chat.type === 'private') return this.messages.botsOf(reader, chat, actorId);
    const bots: number[] = [];
    for (const member of await reader.listBotMembers(chat.pk)) {
      if (member.user_id === actorId) continue;
      if (member.status !== 'creator' && member.status !== 'administrator') continue;
      bots.push(member.user_id);
    }
    return bots;
  }

  async #state(
    reader: MessagesReader & UsersReader,
    chat: ChatRow,
    messageId: number,
    viewerId: number,
  ): Promise<ReactionState> {
    const rows = await reader.listMessageReactions(chat.pk, messageId);
    const state: ReactionState = {
      message_id: messageId,
      reactions: await counts(reader, chat, messageId),
      chosen: parse(rows.find((row) => row.user_id === viewerId)),
    };
    if (chat.type !== 'channel') {
      state.recent = [];
      for (const row of rows) {
        const user = await reader.getUser(row.user_id);
        if (user) state.recent.push({ user: renderUser(user), reaction: parse(row) });
      }
    }
    return state;
  }
}

/** A person's reaction: a listed emoji (in its listed form) or a custom emoji; not paid ones. */
function checkUserReaction(r: ReactionType): ReactionType {
  if (r.type === 'emoji') {
    const emoji = reactionEmoji(r.emoji);
    if (emoji === undefined)
      throw new PlatformError('REACTION_INVALID', `"${r.emoji}" is not a reaction emoji`);
    return { type: 'emoji', emoji };
  }
  if (r.type === 'custom_emoji' && /^\d{1,20}$/.test(r.custom_emoji_id)) return r;
  if (r.type === 'custom_emoji')
    throw new PlatformError('REACTION_INVALID', 'custom_emoji_id must be a number');
  throw new PlatformError('REACTION_INVALID', 'paid reactions need Stars, which Parley does not have');
}

function parse(row: MessageReactionRow | undefined): ReactionType[] {
  return row ? (JSON.parse(row.reaction) as ReactionType[]) : [];
}

function sameList(a: ReactionType[], b: ReactionType[]): boolean {
  return a.length === b.length && a.every((r, i) => keyOf(r) === keyOf(b[i]!));
}

/** The totals per reaction type, most chosen first (ties: the one chosen first). */
async function counts(reader: MessagesReader, chat: ChatRow, messageId: number): Promise<ReactionCount[]> {
  return totalsOf(await reader.listMessageReactions(chat.pk, messageId));
}

/** How many chose each reaction, most chosen first. */
function totalsOf(rows: MessageReactionRow[]): ReactionCount[] {
  const totals = new Map<string, ReactionCount>();
  for (const row of rows) {
    for (const type of parse(row)) {
      const entry = totals.get(keyOf(type)) ?? { type, total_count: 0 };
      entry.total_count += 1;
      totals.set(keyOf(type), entry);
    }
  }
  return [...totals.values()].sort((a, b) => b.total_count - a.total_count);
}
