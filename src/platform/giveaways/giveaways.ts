/**
 * Giveaways (spec Giveaway, GiveawayCreated, GiveawayWinners, GiveawayCompleted,
 * ChatBoostSourceGiveaway; ADR 0056). Bots cannot start giveaways: a person who administers a
 * channel or supergroup does, through the control API. The start posts the `giveaway_created`
 * service message and the `giveaway` message in the chat (the chat's bots get them as they get
 * service messages: `channel_post` for a channel's administrator bots, `message` in a supergroup);
 * a Stars giveaway takes its Stars from the person's balance in the same write.
 *
 * At winners_selection_date (runDue, its timed job on the virtual clock: core/timed-jobs.ts) the
 * winners are drawn at random among the people in the chat (not bots, not the creator; with
 * only_new_members, those who were not in it at the start), the Stars are credited to them (the
 * shares nobody won go back to the creator), each winner gives the chat a boost whose source is
 * `giveaway` (the administrator bots get `chat_boost`), and the chat gets `giveaway_winners`
 * (has_public_winners) or a `giveaway_completed` service message that replies to the giveaway.
 *
 * State machine of a giveaway row: pending (completed_at null) -> completed (completed_at and
 * winners set once, by a conditional update: a pass that runs twice draws, pays and posts once).
 */
import { isAdmin, isPresent, memberState } from '../chats/chat-rights.js';
import { chatForPerson, commit, type Effects, type GroupContext } from '../chats/group-context.js';
import type { Messages } from '../messages/messages.js';
import { postServiceMessage, type ServiceMessageTx } from '../chats/chat-events.js';
import { PlatformError } from '../core/errors.js';
import type { Boosts } from '../boosts/boosts.js';
import { starsToNanos, type StarsLedger } from '../payments/stars-ledger.js';
import { renderUser } from '../users/users.js';
import { secondsToMs, type TimedJobs } from '../core/timed-jobs.js';
import {
  checkGiveaway,
  drawWinners,
  PREMIUM_MONTH,
  splitStars,
  STARS_BOOST_PERIOD,
  type GiveawayInput,
} from './giveaway-rules.js';
import type { ChatRow, GiveawayRow } from '../../storage/store.js';
import type { BoostsWriter } from '../../storage/ports/boosts.js';
import type { GiveawaysWriter } from '../../storage/ports/giveaways.js';
import type { StarsReader, StarsWriter } from '../../storage/ports/stars.js';
import type { ChatsReader } from '../../storage/ports/chats.js';
import type { UsersReader } from '../../storage/ports/users.js';

/** Due giveaways completed per pass. */
const DUE_BATCH = 20;

/** What the control API answers about a giveaway. */
export interface GiveawayRecord {
  id: string;
  chat_id: number;
  /** The `giveaway` message. */
  message_id: number;
  creator_id: number;
  winners_selection_date: number;
  winner_count: number;
  only_new_members: boolean;
  has_public_winners: boolean;
  prize_description?: string;
  country_codes: string[];
  prize_star_count?: number;
  premium_subscription_month_count?: number;
  state: 'pending' | 'completed';
  completed_at?: number;
  /** The winners' user ids, once completed. */
  winners?: number[];
  /** Prizes nobody won, once completed. */
  unclaimed_prize_count?: number;
}

function toRecord(row: GiveawayRow, chat: ChatRow): GiveawayRecord {
  const record: GiveawayRecord = {
    id: row.id,
    chat_id: chat.id!,
    message_id: row.message_id,
    creator_id: row.creator_id,
    winners_selection_date: row.winners_selection_date,
    winner_count: row.winner_count,
    only_new_members: row.only_new_members,
    has_public_winners: row.has_public_winners,
    country_codes: JSON.parse(row.country_codes) as string[],
    state: row.completed_at === null ? 'pending' : 'completed',
  };
  if (row.prize_description !== null) record.prize_description = row.prize_description;
  if (row.prize_star_count !== null) record.prize_star_count = row.prize_star_count;
  if (row.premium_months !== null) record.premium_subscription_month_count = row.premium_months;
  if (row.completed_at !== null) {
    const winners = JSON.parse(row.winners ?? '[]') as number[];
    Object.assign(record, {
      completed_at: row.completed_at,
      winners,
      unclaimed_prize_count: row.winner_count - winners.length,
    });
  }
  return record;
}

/** The ledger's transaction id of a giveaway's Stars (the creator's charge, each winner's prize). */
function ledgerId(row: Pick<GiveawayRow, 'id'>): string {
  return `giveaway_${row.id}`;
}

export class Giveaways {
  constructor(
    private readonly ctx: GroupContext<Messages>,
    private readonly stars: StarsLedger,
    private readonly boosts: Boosts,
    timedJobs: TimedJobs,
  ) {
    // Giveaways draw their winners at winners_selection_date on the virtual clock (ADR 0056).
    timedJobs.register({
      name: 'giveaways',
      failure: 'completing giveaways failed',
      run: async () => secondsToMs(await this.runDue()),
      next: async () => secondsToMs(await ctx.deps.store.nextGiveawayDue()),
    });
    // giveaway_completed shows its giveaway message unless it was deleted (ADR 0056).
    ctx.messages.addRenderer(async (message, content, { renderLinked }) => {
      const giveawayOf = content._giveaway_message;
      if (typeof giveawayOf !== 'number' || !message.giveaway_completed) return;
      const target = await renderLinked(giveawayOf);
      if (target) {
        message.giveaway_completed = {
          ...(message.giveaway_completed as Record<string, unknown>),
          giveaway_message: target,
        };
      }
    });
  }

  /** A person who administers a channel or supergroup starts a giveaway there. */
  async start(
    userRef: string | number,
    chatRef: string | number,
    input: GiveawayInput,
  ): Promise<GiveawayRecord> {
    const { deps, users } = this.ctx;
    const user = await users.resolve(userRef, 'user');
    const codes = checkGiveaway(input, deps.clock.now());
    return commit(this.ctx, async (tx, effects) => {
      const now = deps.clock.now();
      const { chat, state } = await chatForPerson(this.ctx, tx, user, chatRef, true);
      if (chat.type !== 'supergroup' && chat.type !== 'channel') {
        throw new PlatformError(
          'SUPERGROUPS_AND_CHANNELS_ONLY',
          'giveaways are for channels and supergroups',
        );
      }
      if (!isAdmin(state)) {
        throw new PlatformError(
          'CHAT_ADMIN_REQUIRED',
          'only an administrator of the chat can start a giveaway',
        );
      }
      const id = deps.random.token(16);
      const stars = input.prize_star_count;
      if (stars !== undefined) {
        const left = await this.stars.debit(tx, {
          ownerId: user.id,
          id: ledgerId({ id }),
          nanos: starsToNanos(stars),
          partner: { type: 'chat', chat_id: chat.id! },
        });
        if (left === undefined) {
          throw new PlatformError('BALANCE_TOO_LOW', `the user has fewer than ${stars} Stars`);
        }
      }
      const present: number[] = [];
      for (const member of await tx.listMembers(chat.pk)) {
        if (isPresent(memberState(member, now))) present.push(member.user_id);
      }
      await postServiceMessage(
        this.ctx,
        tx,
        chat,
        user.id,
        { giveaway_created: stars !== undefined ? { prize_star_count: stars } : {} },
        effects,
      );
      const giveaway: Record<string, unknown> = {
        chats: [await this.ctx.chats.render(tx, chat, user.id)],
        winners_selection_date: input.until_date,
        winner_count: input.winner_count,
      };
      if (input.only_new_members) giveaway.only_new_members = true;
      if (input.has_public_winners) giveaway.has_public_winners = true;
      if (input.prize_description !== undefined) giveaway.prize_description = input.prize_description;
      if (codes.length > 0) giveaway.country_codes = codes;
      if (stars !== undefined) giveaway.prize_star_count = stars;
      const months = input.premium_subscription_month_count;
      if (months !== undefined) giveaway.premium_subscription_month_count = months;
      const message = await postServiceMessage(this.ctx, tx, chat, user.id, { giveaway }, effects);
      const row: GiveawayRow = {
        id,
        chat_pk: chat.pk,
        creator_id: user.id,
        message_id: message.message_id,
        started_at: now,
        winners_selection_date: input.until_date,
        winner_count: input.winner_count,
        only_new_members: input.only_new_members === true,
        has_public_winners: input.has_public_winners === true,
        prize_description: input.prize_description ?? null,
        country_codes: JSON.stringify(codes),
        prize_star_count: stars ?? null,
        premium_months: months ?? null,
        members_at_start: JSON.stringify(present),
        completed_at: null,
        winners: null,
      };
      await tx.insertGiveaway(row);
      return toRecord(row, chat);
    });
  }

  /** The giveaway of a chat's `giveaway` message (control API). */
  async get(chatRef: string | number, messageId: number): Promise<GiveawayRecord> {
    const { store } = this.ctx.deps;
    const chat = await findChat(store, chatRef);
    const row = chat ? await store.getGiveaway(chat.pk, messageId) : undefined;
    if (!chat || !row) throw new PlatformError('MESSAGE_NOT_FOUND', 'no giveaway with that message');
    return toRecord(row, chat);
  }

  /**
   * Completes the giveaways whose winners_selection_date has passed on the virtual clock. Answers the
   * virtual second of the next one, if any.
   */
  async runDue(): Promise<number | undefined> {
    const { store, clock } = this.ctx.deps;
    for (;;) {
      const due = await store.listDueGiveaways(clock.now(), DUE_BATCH);
      for (const row of due) await commit(this.ctx, (tx, effects) => this.#complete(tx, row, effects));
      if (due.length < DUE_BATCH) break;
    }
    return store.nextGiveawayDue();
  }

  async #complete(
    tx: BoostsWriter & GiveawaysWriter & ServiceMessageTx & StarsReader & StarsWriter,
    row: GiveawayRow,
    effects: Effects,
  ): Promise<void> {
    const { random, clock } = this.ctx.deps;
    const now = clock.now();
    const chat = await tx.getChat(row.chat_pk);
    const winners = chat
      ? drawWinners(await this.#eligible(tx, chat, row, now), row.winner_count, random)
      : [];
    if (!(await tx.completeGiveaway(row.id, now, winners))) return;
    const unclaimed = row.winner_count - winners.length;
    const stars = row.prize_star_count;
    if (stars !== null) {
      const { share, refund } = splitStars(stars, row.winner_count, winners.length);
      const partner = { type: 'chat' as const, chat_id: chat?.id ?? 0 };
      for (const winner of winners) {
        await this.stars.credit(tx, {
          ownerId: winner,
          id: ledgerId(row),
          nanos: starsToNanos(share),
          partner,
        });
      }
      if (refund > 0) {
        await this.stars.credit(tx, {
          ownerId: row.creator_id,
          id: `${ledgerId(row)}_refund`,
          nanos: starsToNanos(refund),
          partner,
        });
      }
    }
    if (!chat) return;
    const period = stars !== null ? STARS_BOOST_PERIOD : (row.premium_months ?? 0) * PREMIUM_MONTH;
    for (const winner of winners) {
      await this.boosts.addGiveawayBoost(
        tx,
        chat,
        {
          id: random.token(24),
          chat_pk: chat.pk,
          user_id: winner,
          add_date: now,
          expiration_date: now + period,
          removed_at: null,
          giveaway_message_id: row.message_id,
          giveaway_prize_star_count: stars,
        },
        effects,
      );
    }
    if (row.has_public_winners) {
      const users = [];
      for (const winner of winners) {
        const user = await tx.getUser(winner);
        if (user) users.push(renderUser(user));
      }
      const result: Record<string, unknown> = {
        chat: await this.ctx.chats.render(tx, chat, row.creator_id),
        giveaway_message_id: row.message_id,
        winners_selection_date: row.winners_selection_date,
        winner_count: winners.length,
        winners: users,
      };
      if (stars !== null) result.prize_star_count = stars;
      if (row.premium_months !== null) result.premium_subscription_month_count = row.premium_months;
      if (unclaimed > 0) result.unclaimed_prize_count = unclaimed;
      if (row.only_new_members) result.only_new_members = true;
      if (row.prize_description !== null) result.prize_description = row.prize_description;
      await postServiceMessage(this.ctx, tx, chat, row.creator_id, { giveaway_winners: result }, effects);
      return;
    }
    const completed: Record<string, unknown> = { winner_count: winners.length };
    if (unclaimed > 0) completed.unclaimed_prize_count = unclaimed;
    if (stars !== null) completed.is_star_giveaway = true;
    await postServiceMessage(
      this.ctx,
      tx,
      chat,
      row.creator_id,
      // A reply to the giveaway message, which it also shows as giveaway_message (messages.ts).
      { giveaway_completed: completed, _reply_to: row.message_id, _giveaway_message: row.message_id },
      effects,
    );
  }

  /** The people who may win: present now, not bots, not the creator; only_new_members: new ones. */
  async #eligible(
    reader: ChatsReader & UsersReader,
    chat: ChatRow,
    row: GiveawayRow,
    now: number,
  ): Promise<number[]> {
    const before = new Set(row.only_new_members ? (JSON.parse(row.members_at_start) as number[]) : []);
    const eligible: number[] = [];
    for (const member of await reader.listMembers(chat.pk)) {
      if (member.user_id === row.creator_id || before.has(member.user_id)) continue;
      if (!isPresent(memberState(member, now))) continue;
      const user = await reader.getUser(member.user_id);
      if (user && !user.is_bot) eligible.push(user.id);
    }
    return eligible.sort((a, b) => a - b);
  }
}

/** A group, supergroup or channel by id or @username. */
async function findChat(reader: ChatsReader, ref: string | number): Promise<ChatRow | undefined> {
  const text = String(ref).trim();
  if (/^-\d+$/.test(text)) return reader.getChatById(Number(text));
  if (/^@?[a-zA-Z]\w*$/.test(text)) return reader.getChatByUsername(text.replace(/^@/, ''));
  return undefined;
}
