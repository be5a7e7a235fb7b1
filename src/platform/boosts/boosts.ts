/**
 * Chat boosts (spec ChatBoost, ChatBoostUpdated, ChatBoostRemoved; ADR 0044). A person boosts a
 * channel or supergroup through the control API: the boost lasts BOOST_PERIOD of virtual time, and
 * the chat's administrator bots get `chat_boost`; in a supergroup the members see a `boost_added`
 * service message from the person. When the person removes their boosts, or a boost's
 * expiration_date passes on the virtual clock (expireDue, its timed job: core/timed-jobs.ts), those
 * bots get `removed_chat_boost`. Every source is "premium": on Parley every person may boost.
 *
 * State machine of a boost row: active (removed_at null) -> removed (removed_at set, once, by the
 * person or by expiry; the store answers which of two racing removals did it, so that the update
 * is queued once).
 */
import { isAdmin, isPresent } from '../chats/chat-rights.js';
import {
  botMembers,
  chatForBot,
  chatForPerson,
  commit,
  type Effects,
  type GroupContext,
} from '../chats/group-context.js';
import { postServiceMessage } from '../chats/chat-events.js';
import { PlatformError } from '../core/errors.js';
import type { WireUser } from '../core/wire-types.js';
import { renderUser } from '../users/users.js';
import type { ChatBoostRow, ChatRow, UserRow } from '../../storage/store.js';
import type { EnqueueTx } from '../updates/update-queue.js';
import { secondsToMs, type TimedJobs } from '../core/timed-jobs.js';
import type { ChatsReader } from '../../storage/ports/chats.js';
import type { BoostsReader, BoostsWriter } from '../../storage/ports/boosts.js';

/** How long a boost lasts: a month of Premium (ADR 0044). */
export const BOOST_PERIOD = 30 * 86_400;
/** Boosts a person may have at once, in all chats together (the reference's Premium slots). */
export const MAX_BOOSTS_PER_USER = 4;
/** Expired boosts removed per write. */
const EXPIRY_BATCH = 100;

/** ChatBoost (spec). */
export interface WireChatBoost {
  boost_id: string;
  add_date: number;
  expiration_date: number;
  source:
    | { source: 'premium'; user: WireUser }
    // A boost a giveaway gave its winner (ADR 0056): the user for Premium giveaways only (spec).
    | { source: 'giveaway'; giveaway_message_id: number; user?: WireUser; prize_star_count?: number };
}

/** What a person's boost or removal answers (control API). */
export interface BoostResult {
  chat_id: number;
  /** The boost just added. */
  added?: WireChatBoost;
  /** The ids of the boosts just removed. */
  removed?: string[];
  /** The person's active boosts of the chat after the change. */
  boosts: WireChatBoost[];
}

function renderBoost(row: ChatBoostRow, user: UserRow): WireChatBoost {
  const giveaway = row.giveaway_message_id ?? null;
  const stars = row.giveaway_prize_star_count ?? null;
  return {
    boost_id: row.id,
    add_date: row.add_date,
    expiration_date: row.expiration_date,
    source:
      giveaway === null
        ? { source: 'premium', user: renderUser(user) }
        : stars === null
          ? { source: 'giveaway', giveaway_message_id: giveaway, user: renderUser(user) }
          : { source: 'giveaway', giveaway_message_id: giveaway, prize_star_count: stars },
  };
}

export class Boosts {
  constructor(
    private readonly ctx: GroupContext,
    timedJobs: TimedJobs,
  ) {
    // Boosts expire at their expiration_date (removed_chat_boost) on the virtual clock.
    timedJobs.register({
      name: 'boost-expiry',
      failure: 'expiring chat boosts failed',
      run: async () => secondsToMs(await this.expireDue()),
      next: async () => secondsToMs(await ctx.deps.store.nextChatBoostExpiry()),
    });
  }

  /** A person adds one boost to a channel or supergroup (a public one, or one they are in). */
  async boost(userRef: string | number, chatRef: string | number): Promise<BoostResult> {
    const { deps, users } = this.ctx;
    const user = await users.resolve(userRef, 'user');
    return commit(this.ctx, async (tx, effects) => {
      const chat = await this.#boostable(tx, user, chatRef);
      // A count of rows another boost by the person may add at once (ADR 0129).
      await tx.guardWrite(`boosts:${user.id}`);
      if ((await tx.countActiveBoostsOfUser(user.id)) >= MAX_BOOSTS_PER_USER) {
        throw new PlatformError(
          'BOOST_LIMIT_REACHED',
          `a user has at most ${MAX_BOOSTS_PER_USER} boosts at once`,
        );
      }
      const now = deps.clock.now();
      const row: ChatBoostRow = {
        id: deps.random.token(24),
        chat_pk: chat.pk,
        user_id: user.id,
        add_date: now,
        expiration_date: now + BOOST_PERIOD,
        removed_at: null,
      };
      await tx.insertChatBoost(row);
      const boost = renderBoost(row, user);
      await this.#toAdminBots(tx, chat, effects, 'chat_boost', now, (wireChat) => ({
        chat: wireChat,
        boost,
      }));
      if (chat.type === 'supergroup') {
        await postServiceMessage(this.ctx, tx, chat, user.id, { boost_added: { boost_count: 1 } }, effects);
      }
      return { chat_id: chat.id!, added: boost, boosts: await this.#active(tx, chat, user) };
    });
  }

  /** A person removes their boosts of a chat; each gives the admin bots `removed_chat_boost`. */
  async remove(userRef: string | number, chatRef: string | number): Promise<BoostResult> {
    const { deps, users } = this.ctx;
    const user = await users.resolve(userRef, 'user');
    return commit(this.ctx, async (tx, effects) => {
      const chat = await this.#boostable(tx, user, chatRef);
      // A person removes their own boosts; those won in a giveaway last their term (ADR 0056).
      const rows = (await tx.listUserChatBoosts(chat.pk, user.id)).filter(
        (row) => (row.giveaway_message_id ?? null) === null,
      );
      if (rows.length === 0) throw new PlatformError('BOOST_NOT_FOUND', 'the user has not boosted this chat');
      const now = deps.clock.now();
      const removed: string[] = [];
      for (const row of rows) if (await this.#removeOne(tx, chat, row, now, effects)) removed.push(row.id);
      return { chat_id: chat.id!, removed, boosts: await this.#active(tx, chat, user) };
    });
  }

  /**
   * Removes the boosts whose expiration_date has passed on the virtual clock (remove_date is the
   * expiration_date). Answers the virtual second of the next expiry, if any.
   */
  async expireDue(): Promise<number | undefined> {
    const { store, clock } = this.ctx.deps;
    for (;;) {
      const due = await store.listExpiredChatBoosts(clock.now(), EXPIRY_BATCH);
      if (due.length === 0) break;
      await commit(this.ctx, async (tx, effects) => {
        for (const row of due) {
          const chat = await tx.getChat(row.chat_pk);
          if (chat) await this.#removeOne(tx, chat, row, row.expiration_date, effects);
          else await tx.removeChatBoost(row.id, row.expiration_date);
        }
      });
      if (due.length < EXPIRY_BATCH) break;
    }
    return store.nextChatBoostExpiry();
  }

  /**
   * A boost a giveaway gives its winner (ADR 0056), inside the giveaway's write: the chat's
   * administrator bots get `chat_boost`.
   */
  async addGiveawayBoost(
    tx: BoostsWriter & ChatsReader & EnqueueTx,
    chat: ChatRow,
    row: ChatBoostRow,
    effects: Effects,
  ): Promise<void> {
    const user = await tx.getUser(row.user_id);
    if (!user) return;
    await tx.insertChatBoost(row);
    const boost = renderBoost(row, user);
    await this.#toAdminBots(tx, chat, effects, 'chat_boost', row.add_date, (wireChat) => ({
      chat: wireChat,
      boost,
    }));
  }

  /** getUserChatBoosts: the user's active boosts of the chat; the bot must administer it. */
  async userChatBoosts(bot: UserRow, chatId: number, userId: number): Promise<{ boosts: WireChatBoost[] }> {
    const { store } = this.ctx.deps;
    const { chat, state } = await chatForBot(this.ctx, store, bot, chatId, 'read');
    if (chat.type !== 'supergroup' && chat.type !== 'channel') {
      throw new PlatformError('SUPERGROUPS_AND_CHANNELS_ONLY', 'boosts are for supergroups and channels');
    }
    if (!isAdmin(state)) throw new PlatformError('CHAT_ADMIN_REQUIRED', 'the bot must administer the chat');
    const user = await store.getUser(userId);
    if (!user) throw new PlatformError('USER_NOT_FOUND', 'user not found');
    return { boosts: await this.#active(store, chat, user) };
  }

  async #removeOne(
    tx: BoostsWriter & ChatsReader & EnqueueTx,
    chat: ChatRow,
    row: ChatBoostRow,
    at: number,
    effects: Effects,
  ): Promise<boolean> {
    if (!(await tx.removeChatBoost(row.id, at))) return false;
    const user = await tx.getUser(row.user_id);
    if (!user) return true;
    const source = renderBoost(row, user).source;
    await this.#toAdminBots(tx, chat, effects, 'removed_chat_boost', at, (wireChat) => ({
      chat: wireChat,
      boost_id: row.id,
      remove_date: at,
      source,
    }));
    return true;
  }

  /** Queues an update for every administrator bot of the chat (spec: only they get boosts). */
  async #toAdminBots(
    tx: ChatsReader & EnqueueTx,
    chat: ChatRow,
    effects: Effects,
    type: 'chat_boost' | 'removed_chat_boost',
    date: number,
    payload: (chat: Awaited<ReturnType<GroupContext['chats']['render']>>) => Record<string, unknown>,
  ): Promise<void> {
    const now = this.ctx.deps.clock.now();
    for (const { bot, state } of await botMembers(tx, chat, now)) {
      if (!isAdmin(state)) continue;
      const wireChat = await this.ctx.chats.render(tx, chat, bot.id);
      const queued = await this.ctx.updates.enqueue(tx, bot.id, {
        type,
        payload: payload(wireChat),
        queueKey: `c${chat.id}`,
        date,
      });
      if (queued !== null) effects.bots.add(bot.id);
    }
  }

  async #active(reader: BoostsReader, chat: ChatRow, user: UserRow): Promise<WireChatBoost[]> {
    return (await reader.listUserChatBoosts(chat.pk, user.id)).map((row) => renderBoost(row, user));
  }

  /** The channel or supergroup a person boosts: public, or one they are a member of. */
  async #boostable(reader: ChatsReader, user: UserRow, chatRef: string | number): Promise<ChatRow> {
    const { chat, state } = await chatForPerson(this.ctx, reader, user, chatRef, false);
    if (!chat.username && !isPresent(state)) {
      throw new PlatformError('CHAT_NOT_FOUND', `no group or channel "${String(chatRef)}"`);
    }
    if (chat.type !== 'supergroup' && chat.type !== 'channel') {
      throw new PlatformError(
        'SUPERGROUPS_AND_CHANNELS_ONLY',
        'only channels and supergroups can be boosted',
      );
    }
    return chat;
  }
}
