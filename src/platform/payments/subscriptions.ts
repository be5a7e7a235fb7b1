/**
 * Stars subscriptions: an invoice link with subscription_period (30 days) makes its payment a
 * subscription, whose paid period ends at the payment's `expires_at`. When that time passes on the
 * virtual clock (renewDue, its timed job: core/timed-jobs.ts):
 * - cancelled by the bot (editUserStarSubscription is_canceled), by the person
 *   (person-subscriptions.ts, ADR 0078) or refunded: it ends;
 * - otherwise the person is charged the price again, in one write with its ledger rows, a new
 *   payment row (a new charge id, expires_at one period later) and a successful_payment with
 *   is_recurring; if their Stars do not cover it, it ends and the bot gets a `subscription` update
 *   (BotSubscriptionUpdated, state `failed`).
 * A due row is handled once: the write reads it again and leaves it when another pass has.
 */
import { PlatformError } from '../core/errors.js';
import { commit } from '../chats/group-context.js';
import { renderUser } from '../users/users.js';
import type { PaymentsContext } from './invoices.js';
import { secondsToMs, type TimedJobs } from '../core/timed-jobs.js';
import { postToBot } from './payment-messages.js';
import { starsToNanos } from './stars-ledger.js';
import { chargeChatSubscription, type ChatSubscriptionData } from './chat-subscriptions.js';
import { isPresent, memberState, type MemberData } from '../chats/chat-rights.js';
import { leaveChat } from '../chats/member-joins.js';
import { userCanceled } from './person-subscriptions.js';
import type { PaymentRow, UserRow } from '../../storage/store.js';

/** Subscriptions renewed in one pass at most (the rest in the next, which the pass asks for at once). */
export const RENEWAL_BATCH = 100;

export class Subscriptions {
  constructor(
    private readonly ctx: PaymentsContext,
    timedJobs: TimedJobs,
  ) {
    // Paid periods end at expires_at on the virtual clock; a full pass means more are due now.
    timedJobs.register({
      name: 'subscription-renewals',
      failure: 'renewing subscriptions failed',
      run: async () => ((await this.renewDue()) >= RENEWAL_BATCH ? ctx.deps.clock.nowMs() : undefined),
      next: async () =>
        secondsToMs((await ctx.deps.store.listDueSubscriptions(Number.MAX_SAFE_INTEGER, 1))[0]?.expires_at),
    });
  }

  /** editUserStarSubscription: stops (or allows again) the renewal of a user's subscription. */
  async edit(bot: UserRow, userId: number, chargeId: string, isCanceled: boolean): Promise<void> {
    await this.ctx.deps.store.write(async (tx) => {
      const payment = await tx.getPayment(chargeId);
      if (
        !payment ||
        payment.bot_id !== bot.id ||
        payment.user_id !== userId ||
        payment.subscription_period === null ||
        payment.expires_at === null
      ) {
        throw new PlatformError(
          'CHARGE_NOT_FOUND',
          'no active subscription of this user with that charge id',
        );
      }
      await tx.updatePayment(chargeId, { is_canceled: isCanceled ? 1 : 0 });
    });
  }

  /** Renews or ends the subscriptions whose period has ended; answers how many it handled. */
  async renewDue(): Promise<number> {
    const { store, clock } = this.ctx.deps;
    const due = await store.listDueSubscriptions(clock.now(), RENEWAL_BATCH);
    for (const payment of due) {
      const data = JSON.parse(payment.data) as { kind?: string };
      if (data.kind === 'chat_subscription') await this.#renewChat(payment.charge_id);
      else await this.#renew(payment.charge_id);
    }
    return due.length;
  }

  /**
   * A channel subscription: charged again while the person is a member; otherwise (or when
   * cancelled, refunded or not covered) it ends and the person leaves the channel. The leave is a
   * write of its own after the renewal's.
   */
  async #renewChat(chargeId: string): Promise<void> {
    const { deps } = this.ctx;
    const remove = await deps.store.write(async (tx) => {
      const payment = await tx.getPayment(chargeId);
      const now = deps.clock.now();
      if (!payment || payment.expires_at === null || payment.expires_at > now) return undefined;
      await tx.updatePayment(chargeId, { expires_at: null });
      const data = JSON.parse(payment.data) as ChatSubscriptionData;
      const [chat, user, terms] = [
        await tx.getChat(data.chat_pk),
        await tx.getUser(payment.user_id),
        await tx.getChatSubscriptionLink(data.link),
      ];
      if (!chat || !user || !terms) return undefined;
      const member = await tx.getMember(chat.pk, user.id);
      if (!isPresent(memberState(member, now))) return undefined;
      const renew = payment.is_canceled === 0 && payment.refunded_at === null;
      const paidUntil = payment.expires_at + payment.subscription_period!;
      const renewed = renew
        ? await chargeChatSubscription(
            this.ctx,
            tx,
            chat,
            user,
            { link: data.link, creator_id: payment.bot_id },
            terms,
            paidUntil,
          )
        : undefined;
      if (renewed === undefined) return { user, chat };
      // The member's until_date (ChatMemberMember) follows the period now paid for; a restricted
      // subscriber keeps the restriction's own until_date.
      const state = memberState(member, now);
      if (state.status === 'member') {
        const data: MemberData = { ...state.data, subscription_until: paidUntil };
        await tx.upsertMember({ ...member!, status: 'member', data: JSON.stringify(data), updated_at: now });
      }
      return undefined;
    });
    if (!remove) return;
    await leaveChat(this.ctx, { person: String(remove.user.id), chat: remove.chat.id! }).catch(
      () => undefined,
    );
  }

  async #renew(chargeId: string): Promise<void> {
    const { deps, stars, updates } = this.ctx;
    await commit(this.ctx, async (tx, effects) => {
      const payment = await tx.getPayment(chargeId);
      const now = deps.clock.now();
      if (!payment || payment.expires_at === null || payment.expires_at > now) return;
      await tx.updatePayment(chargeId, { expires_at: null });
      if (payment.is_canceled === 1 || userCanceled(payment) || payment.refunded_at !== null) return;
      const [user, bot] = [await tx.getUser(payment.user_id), await tx.getUser(payment.bot_id)];
      if (!user || !bot) return;
      const { invoice_payload: payload } = JSON.parse(payment.data) as { invoice_payload: string };
      const period = payment.subscription_period!;
      const next = `stx${deps.random.token(40)}`;
      const partner = {
        transaction_type: 'invoice_payment',
        invoice_payload: payload,
        subscription_period: period,
      };
      const moved = await stars.transfer(tx, {
        id: next,
        from: { ownerId: user.id, partner: { type: 'user', user_id: bot.id, ...partner } },
        to: { ownerId: bot.id, partner: { type: 'user', user_id: user.id, ...partner } },
        nanos: starsToNanos(payment.total_amount),
      });
      if (!moved) {
        const queued = await updates.enqueue(tx, bot.id, {
          type: 'subscription',
          payload: { user: renderUser(user), invoice_payload: payload, state: 'failed' },
          queueKey: `u${user.id}`,
          date: now,
        });
        if (queued !== null) effects.bots.add(bot.id);
        return;
      }
      const expiresAt = payment.expires_at + period;
      const { chat, row } = await postToBot(this.ctx, tx, effects, user, bot, {
        successful_payment: {
          currency: payment.currency,
          total_amount: payment.total_amount,
          invoice_payload: payload,
          subscription_expiration_date: expiresAt,
          is_recurring: true,
          telegram_payment_charge_id: next,
          provider_payment_charge_id: '',
        },
      });
      const renewed: PaymentRow = {
        ...payment,
        charge_id: next,
        data: JSON.stringify({
          invoice_payload: payload,
          chat_pk: chat.pk,
          message_id: row.message_id,
          renews: chargeId,
        }),
        created_at: now,
        refunded_at: null,
        expires_at: expiresAt,
        is_canceled: 0,
      };
      await tx.insertPayment(renewed);
    });
  }
}
