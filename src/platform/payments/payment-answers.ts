/**
 * A bot's answers to the queries of a payment: answerShippingQuery and answerPreCheckoutQuery.
 *
 * A pre-checkout "ok" charges in the answer's own write: the answer, the movement of Stars with its
 * ledger rows (or the test provider's verdict), the payment row and the successful_payment service
 * message commit together or not at all. The answer is recorded once (a second answer, or one
 * after the person's wait ran out, is QUERY_INVALID), and the payment row is keyed by its charge
 * id: a payment is charged once, whatever the bot sends twice, and a process killed between the
 * answer and the message has stored neither.
 */
import { PlatformError } from '../core/errors.js';
import { commit, type Effects } from '../chats/group-context.js';
import type { PaymentsContext } from './invoices.js';
import { DECLINED_BY_PROVIDER, isStars, providerOf, type InvoiceSpec } from './invoice-rules.js';
import { starsToNanos } from './stars-ledger.js';
import type { QueryAnswer, QueryData, ShippingOption } from './payment-queries.js';
import { postToBot } from './payment-messages.js';
import type { ServiceMessageTx } from '../chats/chat-events.js';
import type { PaymentQueryKind, PaymentQueryRow, UserRow } from '../../storage/store.js';
import type { PaymentsReader, PaymentsWriter } from '../../storage/ports/payments.js';
import type { StarsReader, StarsWriter } from '../../storage/ports/stars.js';

export type ShippingAnswer =
  { ok: true; shipping_options: ShippingOption[] } | { ok: false; error_message: string };

export class PaymentAnswers {
  constructor(private readonly ctx: PaymentsContext) {}

  /** answerShippingQuery: recorded once, by the query's bot, while the person waits. */
  async answerShipping(botId: number, queryId: string, answer: ShippingAnswer): Promise<void> {
    const { store, clock } = this.ctx.deps;
    await store.write(async (tx) => {
      await this.#open(tx, botId, queryId, 'shipping');
      if (!(await tx.answerPaymentQuery(queryId, JSON.stringify(answer), clock.now()))) throw invalid();
    });
    this.ctx.deps.bus.emit('payment.answered', { id: queryId });
  }

  /**
   * answerPreCheckoutQuery: `ok` false gives the person the bot's error; `ok` true charges (Stars
   * move from the person to the bot; a fiat charge goes to the test provider) and posts
   * successful_payment in the person's chat with the bot.
   */
  async answerPreCheckout(bot: UserRow, queryId: string, ok: boolean, errorMessage?: string): Promise<void> {
    const { clock } = this.ctx.deps;
    await commit(this.ctx, async (tx, effects) => {
      const query = await this.#open(tx, bot.id, queryId, 'pre_checkout');
      const data = JSON.parse(query.data) as QueryData;
      if (clock.nowMs() > data.deadline_ms) throw invalid();
      const answer: QueryAnswer = ok
        ? await this.#charge(tx, bot, query, data, effects)
        : { ok: false, error_message: errorMessage ?? '' };
      if (!(await tx.answerPaymentQuery(queryId, JSON.stringify(answer), clock.now()))) throw invalid();
    });
    this.ctx.deps.bus.emit('payment.answered', { id: queryId });
  }

  /** The unanswered query of this bot, or QUERY_INVALID. */
  async #open(
    tx: PaymentsReader,
    botId: number,
    queryId: string,
    kind: PaymentQueryKind,
  ): Promise<PaymentQueryRow> {
    const query = await tx.getPaymentQuery(queryId);
    if (!query || query.kind !== kind || query.bot_id !== botId || query.answer !== null) throw invalid();
    return query;
  }

  async #charge(
    tx: PaymentsReader & PaymentsWriter & ServiceMessageTx & StarsReader & StarsWriter,
    bot: UserRow,
    query: PaymentQueryRow,
    data: QueryData,
    effects: Effects,
  ): Promise<QueryAnswer> {
    const { deps, stars } = this.ctx;
    const invoice = await tx.getInvoice(query.invoice_id);
    const user = await tx.getUser(query.user_id);
    if (!invoice || !user) throw invalid();
    const spec = JSON.parse(invoice.data) as InvoiceSpec;
    const now = deps.clock.now();
    const subscription = spec.subscription_period;
    let chargeId: string;
    let providerChargeId = '';
    if (isStars(spec)) {
      chargeId = `stx${deps.random.token(40)}`;
      const partner = {
        transaction_type: 'invoice_payment',
        invoice_payload: spec.payload,
        ...(subscription !== undefined ? { subscription_period: subscription } : {}),
      };
      const moved = await stars.transfer(tx, {
        id: chargeId,
        from: { ownerId: user.id, partner: { type: 'user', user_id: bot.id, ...partner } },
        to: { ownerId: bot.id, partner: { type: 'user', user_id: user.id, ...partner } },
        nanos: starsToNanos(data.total_amount),
      });
      if (!moved) {
        return {
          ok: true,
          outcome: 'failed',
          error_message: 'BALANCE_TOO_LOW: not enough Stars to pay the invoice',
        };
      }
    } else {
      if (providerOf(spec.provider_token)?.outcome !== 'accept') {
        return { ok: true, outcome: 'declined', error_message: DECLINED_BY_PROVIDER };
      }
      chargeId = `${bot.id}_${deps.random.token(24)}`;
      providerChargeId = `ch_test_${deps.random.token(24)}`;
    }
    const expiresAt = subscription !== undefined ? now + subscription : undefined;
    const successful = {
      currency: spec.currency,
      total_amount: data.total_amount,
      invoice_payload: spec.payload,
      ...(expiresAt !== undefined
        ? { subscription_expiration_date: expiresAt, is_recurring: true, is_first_recurring: true }
        : {}),
      ...(data.shipping_option_id !== undefined ? { shipping_option_id: data.shipping_option_id } : {}),
      ...(data.order_info !== undefined ? { order_info: data.order_info } : {}),
      telegram_payment_charge_id: chargeId,
      provider_payment_charge_id: providerChargeId,
    };
    const { chat, row } = await postToBot(this.ctx, tx, effects, user, bot, {
      successful_payment: successful,
    });
    await tx.insertPayment({
      charge_id: chargeId,
      bot_id: bot.id,
      user_id: user.id,
      invoice_id: invoice.id,
      currency: spec.currency,
      total_amount: data.total_amount,
      provider_charge_id: providerChargeId,
      data: JSON.stringify({
        invoice_payload: spec.payload,
        tip: data.tip,
        shipping_option_id: data.shipping_option_id,
        order_info: data.order_info,
        // What the test provider was sent (send_*_to_provider).
        to_provider: {
          ...(spec.send_phone_number_to_provider ? { phone_number: data.order_info?.phone_number } : {}),
          ...(spec.send_email_to_provider ? { email: data.order_info?.email } : {}),
          ...(spec.provider_data !== undefined ? { provider_data: spec.provider_data } : {}),
        },
        chat_pk: chat.pk,
        message_id: row.message_id,
      }),
      created_at: now,
      refunded_at: null,
      subscription_period: subscription ?? null,
      expires_at: expiresAt ?? null,
      is_canceled: 0,
    });
    return { ok: true, outcome: 'paid', charge_id: chargeId, chat_pk: chat.pk, message_id: row.message_id };
  }
}

const invalid = () =>
  new PlatformError('QUERY_INVALID', 'query is too old and response timeout expired or query ID is invalid');
