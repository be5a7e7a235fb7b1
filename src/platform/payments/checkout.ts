/**
 * A person pays an invoice (control API `pay`): the invoice of a message they see or of a link.
 *
 * The steps (spec: ShippingQuery, PreCheckoutQuery, answerPreCheckoutQuery):
 * 1. The person's order info is gathered for the invoice's need_* fields (Stars need none).
 * 2. A flexible invoice asks the bot with a `shipping_query`; its error ends the payment
 *    ("declined"), its options give the shipping prices (the person's chosen option, else the
 *    first).
 * 3. The bot gets a `pre_checkout_query` with the total (prices + shipping + tip) and has 10 s of
 *    virtual time to answer; without an answer the payment fails. `ok: false` ends it with the
 *    bot's error ("declined"); `ok: true` charges in the answer's own write (payment-answers.ts).
 * A Stars invoice the person's balance does not cover fails before the bot is asked.
 */
import { PlatformError } from '../core/errors.js';
import { renderUser } from '../users/users.js';
import type { Invoices, FoundInvoice, PaymentsContext } from './invoices.js';
import { isStars, pricesTotal, type ShippingAddress } from './invoice-rules.js';
import { starsToNanos } from './stars-ledger.js';
import {
  expireOrRead,
  PRE_CHECKOUT_SECONDS,
  waitForAnswer,
  type OrderInfo,
  type PayResult,
  type QueryAnswer,
  type QueryData,
  type ShippingOption,
} from './payment-queries.js';
import type { PaymentQueryKind, UserRow } from '../../storage/store.js';

/** The address a person ships to when they give none (docs/payments.md). */
export const TEST_SHIPPING_ADDRESS: ShippingAddress = {
  country_code: 'US',
  state: 'CA',
  city: 'San Francisco',
  street_line1: '1 Test Street',
  street_line2: '',
  post_code: '94105',
};

export interface PayInput {
  user: string;
  /** An invoice message: the chat as the person names it and the message id. */
  chat?: string;
  messageId?: number;
  /** Or an invoice link. */
  link?: string;
  tip?: number;
  shippingOptionId?: string;
  name?: string;
  phoneNumber?: string;
  email?: string;
  shippingAddress?: ShippingAddress;
  /** How long to wait for the bot's answer to a shipping query (ms). */
  timeoutMs: number;
}

export class Checkout {
  constructor(
    private readonly ctx: PaymentsContext,
    private readonly invoices: Invoices,
  ) {}

  async pay(input: PayInput, signal?: AbortSignal): Promise<PayResult> {
    const user = await this.ctx.users.resolve(input.user, 'user');
    const found = await this.#find(user, input);
    const { spec } = found;
    const stars = isStars(spec);
    const tip = input.tip ?? 0;
    if (!Number.isSafeInteger(tip) || tip < 0)
      throw new PlatformError('BAD_REQUEST', 'tip must be a non-negative integer');
    if (tip > spec.max_tip_amount) {
      throw new PlatformError('BAD_REQUEST', `the tip is more than max_tip_amount (${spec.max_tip_amount})`);
    }
    const orderInfo = this.#orderInfo(user, input, found);
    let total = pricesTotal(spec.prices) + tip;
    if (stars && (await this.ctx.stars.balanceOf(user.id)) < starsToNanos(total)) {
      return { status: 'failed', error_message: 'BALANCE_TOO_LOW: not enough Stars to pay the invoice' };
    }

    let shippingOptionId: string | undefined;
    if (spec.is_flexible && !stars) {
      const answer = await this.#ask(user, found, 'shipping', {
        payload: { shipping_address: orderInfo.shipping_address ?? TEST_SHIPPING_ADDRESS },
        data: { currency: spec.currency, total_amount: total, tip },
        deadlineMs: this.ctx.deps.clock.nowMs() + input.timeoutMs,
        signal,
      });
      if ('expired' in answer)
        return { status: 'failed', error_message: 'the bot did not answer the shipping query' };
      if (!answer.ok) return { status: 'declined', error_message: answer.error_message };
      if (!('shipping_options' in answer))
        throw new Error('a shipping query answered as a pre-checkout query');
      const option = pickOption(answer.shipping_options, input.shippingOptionId);
      shippingOptionId = option.id;
      total += pricesTotal(option.prices);
    }

    const answer = await this.#ask(user, found, 'pre_checkout', {
      payload: {
        currency: spec.currency,
        total_amount: total,
        ...(shippingOptionId !== undefined ? { shipping_option_id: shippingOptionId } : {}),
        ...(Object.keys(orderInfo).length > 0 ? { order_info: orderInfo } : {}),
      },
      data: {
        currency: spec.currency,
        total_amount: total,
        tip,
        ...(shippingOptionId !== undefined ? { shipping_option_id: shippingOptionId } : {}),
        ...(Object.keys(orderInfo).length > 0 ? { order_info: orderInfo } : {}),
      },
      deadlineMs: this.ctx.deps.clock.nowMs() + PRE_CHECKOUT_SECONDS * 1000,
      signal,
    });
    return this.#result(user, answer);
  }

  async #find(user: UserRow, input: PayInput): Promise<FoundInvoice> {
    if (input.link !== undefined) return this.invoices.ofLink(input.link);
    if (input.chat === undefined || input.messageId === undefined) {
      throw new PlatformError('BAD_REQUEST', 'give either chat and message_id, or link');
    }
    return this.invoices.ofMessage(user, input.chat, input.messageId);
  }

  /** The order info the invoice asks for, from what the person gave or their profile. */
  #orderInfo(user: UserRow, input: PayInput, { spec }: FoundInvoice): OrderInfo {
    const info: OrderInfo = {};
    if (spec.need_name) info.name = input.name ?? [user.first_name, user.last_name].filter(Boolean).join(' ');
    if (spec.need_phone_number) info.phone_number = input.phoneNumber ?? user.phone_number ?? '';
    if (spec.need_email) info.email = input.email ?? `user${user.id}@parley.invalid`;
    if (spec.need_shipping_address || spec.is_flexible) {
      info.shipping_address = input.shippingAddress ?? TEST_SHIPPING_ADDRESS;
    }
    return info;
  }

  /** Queues a query for the bot and waits for its answer (or the deadline). */
  async #ask(
    user: UserRow,
    found: FoundInvoice,
    kind: PaymentQueryKind,
    ask: {
      payload: Record<string, unknown>;
      data: Omit<QueryData, 'deadline_ms' | 'invoice_payload'>;
      deadlineMs: number;
      signal: AbortSignal | undefined;
    },
  ): Promise<QueryAnswer> {
    const { deps, updates } = this.ctx;
    const { random, clock, store } = deps;
    const id = `${random.int(1, 9)}${String(random.int(0, 1e9)).padStart(9, '0')}${String(random.int(0, 1e9)).padStart(9, '0')}`;
    const now = clock.now();
    const data: QueryData = { invoice_payload: found.spec.payload, ...ask.data, deadline_ms: ask.deadlineMs };
    const queued = await store.write(async (tx) => {
      await tx.insertPaymentQuery({
        id,
        kind,
        bot_id: found.bot.id,
        user_id: user.id,
        invoice_id: found.row.id,
        data: JSON.stringify(data),
        created_at: now,
        answered_at: null,
        answer: null,
      });
      return updates.enqueue(tx, found.bot.id, {
        type: kind === 'shipping' ? 'shipping_query' : 'pre_checkout_query',
        payload: { id, from: renderUser(user), invoice_payload: found.spec.payload, ...ask.payload },
        queueKey: `u${user.id}`,
        date: now,
      });
    });
    if (queued !== null) updates.notify(found.bot.id);
    const row = await waitForAnswer(deps, id, ask.deadlineMs, ask.signal);
    if (row?.answer) return JSON.parse(row.answer) as QueryAnswer;
    return (await expireOrRead(deps, id)) ?? { expired: true };
  }

  async #result(user: UserRow, answer: QueryAnswer): Promise<PayResult> {
    if ('expired' in answer) {
      return { status: 'failed', error_message: 'the bot did not answer the pre-checkout query in time' };
    }
    if (!answer.ok) return { status: 'declined', error_message: answer.error_message };
    if (!('outcome' in answer)) throw new Error('a pre-checkout query answered as a shipping query');
    if (answer.outcome !== 'paid') return { status: answer.outcome, error_message: answer.error_message };
    const { store } = this.ctx.deps;
    const chat = await store.getChat(answer.chat_pk);
    const row = chat ? await store.getMessage(answer.chat_pk, answer.message_id) : undefined;
    const message = chat && row ? await this.ctx.messages.render(store, chat, row, user.id) : undefined;
    return {
      status: 'paid',
      telegram_payment_charge_id: answer.charge_id,
      ...(message ? { message } : {}),
    };
  }
}

function pickOption(options: ShippingOption[], wanted: string | undefined): ShippingOption {
  const option = wanted === undefined ? options[0] : options.find((o) => o.id === wanted);
  if (!option) throw new PlatformError('BAD_REQUEST', `the bot offers no shipping option "${wanted ?? ''}"`);
  return option;
}
