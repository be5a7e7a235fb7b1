/**
 * A person's Stars subscriptions to a bot, as their app lists them, and the person canceling or
 * re-enabling one (ADR 0078). Two flags stop a renewal, each set by its own side: the person's
 * (`user_canceled` in the payment's data) and the bot's (`is_canceled`, editUserStarSubscription).
 * The person's change reaches the bot as a `subscription` update (BotSubscriptionUpdated, state
 * `canceled` or `active`) in the write that records it; the bot's own change sends none (the spec's
 * states name what the user did). Channel subscriptions (chat_subscription) are not listed here.
 */
import { PlatformError } from '../core/errors.js';
import { commit } from '../chats/group-context.js';
import { renderUser } from '../users/users.js';
import type { PaymentsContext } from './invoices.js';
import type { PaymentRow, UserRow } from '../../storage/store.js';
import type { PaymentsReader } from '../../storage/ports/payments.js';

/** What the payment row of a bot subscription keeps in its data (besides the message it made). */
export interface SubscriptionData {
  invoice_payload: string;
  kind?: string;
  /** The person canceled the extension (ADR 0078). */
  user_canceled?: boolean;
}

/** A subscription as the person sees it (control API `StarSubscription`). */
export interface PersonSubscription {
  telegram_payment_charge_id: string;
  invoice_payload: string;
  star_count: number;
  subscription_period: number;
  /** The end of the period paid for. */
  expiration_date: number;
  /** `canceled` when the person or the bot canceled its extension: it ends at expiration_date. */
  state: 'active' | 'canceled';
  canceled_by_user: boolean;
  canceled_by_bot: boolean;
}

/** Whether the person canceled the subscription this payment row pays (read from its data). */
export function userCanceled(payment: PaymentRow): boolean {
  return (JSON.parse(payment.data) as SubscriptionData).user_canceled === true;
}

function render(payment: PaymentRow): PersonSubscription {
  const data = JSON.parse(payment.data) as SubscriptionData;
  const byUser = data.user_canceled === true;
  const byBot = payment.is_canceled === 1;
  return {
    telegram_payment_charge_id: payment.charge_id,
    invoice_payload: data.invoice_payload,
    star_count: payment.total_amount,
    subscription_period: payment.subscription_period!,
    expiration_date: payment.expires_at!,
    state: byUser || byBot ? 'canceled' : 'active',
    canceled_by_user: byUser,
    canceled_by_bot: byBot,
  };
}

export class PersonSubscriptions {
  constructor(private readonly ctx: PaymentsContext) {}

  /** The person's subscriptions to the bot whose paid period runs, oldest first. */
  async list(userRef: string | number, botRef: string | number): Promise<PersonSubscription[]> {
    const [user, bot] = await this.#parties(userRef, botRef);
    const rows = await this.ctx.deps.store.listActiveSubscriptions(bot.id, user.id);
    return rows.filter((row) => !isChatSubscription(row)).map(render);
  }

  /** The person cancels the extension: it is not renewed and ends with its period. */
  cancel(userRef: string | number, botRef: string | number, chargeId?: string) {
    return this.#change(userRef, botRef, chargeId, true);
  }

  /** The person re-enables a subscription they canceled: it renews again at its period. */
  reactivate(userRef: string | number, botRef: string | number, chargeId?: string) {
    return this.#change(userRef, botRef, chargeId, false);
  }

  async #parties(userRef: string | number, botRef: string | number): Promise<[UserRow, UserRow]> {
    const user = await this.ctx.users.resolve(userRef, 'user');
    const bot = await this.ctx.users.resolve(botRef, 'bot');
    return [user, bot];
  }

  async #change(
    userRef: string | number,
    botRef: string | number,
    chargeId: string | undefined,
    cancel: boolean,
  ): Promise<PersonSubscription> {
    const [user, bot] = await this.#parties(userRef, botRef);
    return commit(this.ctx, async (tx, effects) => {
      const payment = await this.#find(tx, user, bot, chargeId);
      const data = JSON.parse(payment.data) as SubscriptionData;
      if (cancel && data.user_canceled === true) {
        throw new PlatformError('BAD_REQUEST', 'the subscription is already canceled');
      }
      if (!cancel && payment.is_canceled === 1) {
        throw new PlatformError(
          'BAD_REQUEST',
          'the bot canceled this subscription; it can be re-enabled once the bot allows it again',
        );
      }
      if (!cancel && data.user_canceled !== true) {
        throw new PlatformError('BAD_REQUEST', 'the subscription is not canceled');
      }
      const changed: SubscriptionData = { ...data, user_canceled: cancel };
      if (!cancel) delete changed.user_canceled;
      const patch = { data: JSON.stringify(changed) };
      await tx.updatePayment(payment.charge_id, patch);
      const queued = await this.ctx.updates.enqueue(tx, bot.id, {
        type: 'subscription',
        payload: {
          user: renderUser(user),
          invoice_payload: data.invoice_payload,
          state: cancel ? 'canceled' : 'active',
        },
        queueKey: `u${user.id}`,
        date: this.ctx.deps.clock.now(),
      });
      if (queued !== null) effects.bots.add(bot.id);
      return render({ ...payment, ...patch });
    });
  }

  /**
   * The subscription the person names by its charge id, or their only one to the bot; read in the
   * write that changes it, so a renewal or an end in between is seen.
   */
  async #find(
    tx: PaymentsReader,
    user: UserRow,
    bot: UserRow,
    chargeId: string | undefined,
  ): Promise<PaymentRow> {
    const rows = (await tx.listActiveSubscriptions(bot.id, user.id)).filter(
      (row) => !isChatSubscription(row),
    );
    const found = chargeId === undefined ? rows : rows.filter((row) => row.charge_id === chargeId);
    if (found.length === 0) {
      throw new PlatformError(
        'CHARGE_NOT_FOUND',
        chargeId === undefined
          ? 'the person has no active subscription to this bot'
          : 'no active subscription of the person to this bot with that charge id',
      );
    }
    if (found.length > 1) {
      throw new PlatformError(
        'BAD_REQUEST',
        `the person has ${found.length} active subscriptions to this bot; name one by its charge id`,
      );
    }
    return found[0]!;
  }
}

function isChatSubscription(payment: PaymentRow): boolean {
  return (JSON.parse(payment.data) as SubscriptionData).kind === 'chat_subscription';
}
