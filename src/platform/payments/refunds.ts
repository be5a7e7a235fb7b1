/**
 * refundStarPayment: the bot gives a person back the Stars of one of their payments. One write:
 * the payment is marked refunded (once: a second refund is CHARGE_ALREADY_REFUNDED, so a refund
 * never exceeds its payment), the Stars move back with their ledger rows (the bot's outgoing row
 * and the person's incoming one carry the payment's id), and the person's chat with the bot gets
 * a `refunded_payment` service message, which the bot receives. A refunded subscription ends.
 */
import { PlatformError } from '../core/errors.js';
import { commit } from '../chats/group-context.js';
import type { PaymentsContext } from './invoices.js';
import { STARS_CURRENCY } from './invoice-rules.js';
import { starsToNanos } from './stars-ledger.js';
import { postToBot } from './payment-messages.js';
import type { UserRow } from '../../storage/store.js';

export class Refunds {
  constructor(private readonly ctx: PaymentsContext) {}

  async refund(bot: UserRow, userId: number, chargeId: string): Promise<void> {
    const { deps, stars } = this.ctx;
    await commit(this.ctx, async (tx, effects) => {
      const payment = await tx.getPayment(chargeId);
      if (
        !payment ||
        payment.bot_id !== bot.id ||
        payment.user_id !== userId ||
        payment.currency !== STARS_CURRENCY
      ) {
        throw new PlatformError('CHARGE_NOT_FOUND', 'no such Stars payment of this user to this bot');
      }
      const user = await tx.getUser(userId);
      if (!user) throw new PlatformError('CHARGE_NOT_FOUND', 'the user of the payment is gone');
      const now = deps.clock.now();
      if (!(await tx.markPaymentRefunded(chargeId, now))) {
        throw new PlatformError('CHARGE_ALREADY_REFUNDED', 'the payment was refunded already');
      }
      const { invoice_payload: payload } = JSON.parse(payment.data) as { invoice_payload: string };
      const partner = { transaction_type: 'invoice_payment', invoice_payload: payload };
      const moved = await stars.transfer(tx, {
        id: chargeId,
        from: { ownerId: bot.id, partner: { type: 'user', user_id: userId, ...partner } },
        to: { ownerId: userId, partner: { type: 'user', user_id: bot.id, ...partner } },
        nanos: starsToNanos(payment.total_amount),
      });
      if (!moved) throw new PlatformError('BALANCE_TOO_LOW', "the bot's balance does not cover the refund");
      if (payment.expires_at !== null) await tx.updatePayment(chargeId, { expires_at: null });
      await postToBot(this.ctx, tx, effects, user, bot, {
        refunded_payment: {
          currency: payment.currency,
          total_amount: payment.total_amount,
          invoice_payload: payload,
          telegram_payment_charge_id: chargeId,
        },
      });
    });
  }
}
