/**
 * Payments end to end with an unmodified grammY bot (long polling) and people paying through the
 * control API: a flexible invoice paid with a tip, declined payments (by the bot, by the declining
 * test provider, by shipping), a Stars payment by invoice link and its refund, the pre-checkout
 * timeout on the virtual clock, and concurrent Stars payments against a balance that covers only
 * some of them.
 */
import { Bot } from 'grammy';
import type { PreCheckoutQuery, ShippingQuery, Message } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import { failure } from './helpers/groups.js';
import { waitFor } from './helpers/wait-for.js';
import type { PaymentProvider } from '../src/testkit/index.js';

let server: TestServer;
let providers: PaymentProvider[];
beforeAll(async () => {
  server = await startServer();
  providers = await server.control.listPaymentProviders();
});
afterAll(async () => {
  await server.close();
});

const token = (outcome: 'accept' | 'decline') => providers.find((p) => p.outcome === outcome)!.token;

interface Shop {
  bot: Bot;
  botId: number;
  username: string;
  user: { id: number; phone: string };
  shipping: ShippingQuery[];
  preCheckouts: PreCheckoutQuery[];
  payments: Message[];
  refunds: Message[];
  stop(): Promise<void>;
}

/** A grammY shop bot by long polling; `answer` decides each pre-checkout query (none: no answer). */
async function shop(
  name: string,
  answer?: (query: PreCheckoutQuery) => { ok: true } | { ok: false; error: string } | undefined,
): Promise<Shop> {
  const { user, bot: record, token: botToken } = await userAndBot(server, name);
  const bot = new Bot(botToken, { client: { apiRoot: server.url } });
  const state: Omit<Shop, 'stop'> = {
    bot,
    botId: record.id,
    username: record.username!,
    user: { id: user.id, phone: user.phone_number! },
    shipping: [],
    preCheckouts: [],
    payments: [],
    refunds: [],
  };
  bot.on('shipping_query', async (ctx) => {
    state.shipping.push(ctx.shippingQuery);
    if (ctx.shippingQuery.shipping_address.country_code === 'AQ') {
      await ctx.answerShippingQuery(false, { error_message: 'We do not ship to Antarctica' });
      return;
    }
    await ctx.answerShippingQuery(true, {
      shipping_options: [
        { id: 'post', title: 'Post', prices: [{ label: 'Post', amount: 300 }] },
        { id: 'courier', title: 'Courier', prices: [{ label: 'Courier', amount: 500 }] },
      ],
    });
  });
  bot.on('pre_checkout_query', async (ctx) => {
    state.preCheckouts.push(ctx.preCheckoutQuery);
    const decision = answer?.(ctx.preCheckoutQuery);
    if (decision === undefined) return;
    await ctx.answerPreCheckoutQuery(decision.ok, decision.ok ? undefined : decision.error);
  });
  bot.on('message:successful_payment', (ctx) => void state.payments.push(ctx.message));
  bot.on('message:refunded_payment', (ctx) => void state.refunds.push(ctx.message));
  bot.catch(() => undefined);
  await new Promise<void>((resolve) => void bot.start({ onStart: () => resolve() }));
  // The person opens the chat with the bot, so that it can send them invoices.
  await server.control.sendMessage({ from: user.phone_number!, chat: `@${record.username}`, text: 'hi' });
  return { ...state, stop: () => bot.stop() };
}

describe('payments', () => {
  it('pays a flexible invoice with a tip: shipping_query, pre_checkout_query, successful_payment', async () => {
    const s = await shop('flex', () => ({ ok: true }));
    try {
      const invoice = await s.bot.api.sendInvoice(
        s.user.id,
        'Tea',
        'A box of green tea',
        'order-1',
        'USD',
        [
          { label: 'Tea', amount: 1000 },
          { label: 'Tax', amount: 100 },
        ],
        {
          provider_token: token('accept'),
          is_flexible: true,
          need_name: true,
          need_email: true,
          need_phone_number: true,
          need_shipping_address: true,
          send_email_to_provider: true,
          max_tip_amount: 500,
          suggested_tip_amounts: [100, 200, 300],
          photo_url: 'https://example.com/tea.png',
          start_parameter: 'tea',
        },
      );
      expect(invoice.invoice).toEqual({
        title: 'Tea',
        description: 'A box of green tea',
        start_parameter: 'tea',
        currency: 'USD',
        total_amount: 1100,
      });

      // A tip above max_tip_amount is refused before the bot is asked.
      const tooMuch = await server.control
        .pay({ user: s.user.phone, chat: `@${s.username}`, message_id: invoice.message_id, tip: 501 })
        .catch((error: unknown) => error);
      expect(tooMuch).toMatchObject({ status: 400, error: 'BAD_REQUEST' });

      const outcome = await server.control.pay({
        user: s.user.phone,
        chat: `@${s.username}`,
        message_id: invoice.message_id,
        tip: 200,
        shipping_option: 'courier',
        email: 'alice@example.com',
      });
      expect(outcome.status).toBe('paid');
      const address = {
        country_code: 'US',
        state: 'CA',
        city: 'San Francisco',
        street_line1: '1 Test Street',
        street_line2: '',
        post_code: '94105',
      };
      expect(s.shipping).toEqual([
        {
          id: expect.any(String),
          from: expect.objectContaining({ id: s.user.id }),
          invoice_payload: 'order-1',
          shipping_address: address,
        },
      ]);
      const orderInfo = {
        name: 'Alice',
        phone_number: s.user.phone,
        email: 'alice@example.com',
        shipping_address: address,
      };
      expect(s.preCheckouts).toEqual([
        {
          id: expect.any(String),
          from: expect.objectContaining({ id: s.user.id }),
          currency: 'USD',
          total_amount: 1100 + 500 + 200,
          invoice_payload: 'order-1',
          shipping_option_id: 'courier',
          order_info: orderInfo,
        },
      ]);
      const paid = outcome.message!.successful_payment;
      expect(paid).toEqual({
        currency: 'USD',
        total_amount: 1800,
        invoice_payload: 'order-1',
        shipping_option_id: 'courier',
        order_info: orderInfo,
        telegram_payment_charge_id: outcome.telegram_payment_charge_id,
        provider_payment_charge_id: expect.stringMatching(/^ch_test_/),
      });
      expect(outcome.message!.from?.id).toBe(s.user.id);
      const [message] = await waitFor(() => s.payments.length > 0 && s.payments, {
        what: 'successful_payment',
      });
      expect(message!.successful_payment).toEqual(paid);
      expect(message!.chat.id).toBe(s.user.id);
    } finally {
      await s.stop();
    }
  });

  it("shows the bot's error: ok false in pre-checkout, ok false in shipping; the declining provider", async () => {
    const s = await shop('decline', (query) =>
      query.invoice_payload === 'no-stock' ? { ok: false, error: 'Sold out, sorry!' } : { ok: true },
    );
    try {
      const send = (payload: string, provider: 'accept' | 'decline', flexible = false) =>
        s.bot.api.sendInvoice(
          s.user.id,
          'Shirt',
          'A black shirt',
          payload,
          'EUR',
          [{ label: 'Shirt', amount: 2500 }],
          {
            provider_token: token(provider),
            is_flexible: flexible,
          },
        );
      const pay = (messageId: number, extra: object = {}) =>
        server.control.pay({ user: s.user.phone, chat: `@${s.username}`, message_id: messageId, ...extra });

      const soldOut = await send('no-stock', 'accept');
      expect(await pay(soldOut.message_id)).toEqual({
        status: 'declined',
        error_message: 'Sold out, sorry!',
      });

      const card = await send('card', 'decline');
      const declined = await pay(card.message_id);
      expect(declined.status).toBe('declined');
      expect(declined.error_message).toMatch(/declined/);

      const far = await send('far', 'accept', true);
      const shipping = {
        country_code: 'AQ',
        state: '',
        city: 'Base',
        street_line1: '1 Ice',
        street_line2: '',
        post_code: '0',
      };
      expect(await pay(far.message_id, { shipping_address: shipping })).toEqual({
        status: 'declined',
        error_message: 'We do not ship to Antarctica',
      });
      // No payment happened: the bot got no successful_payment and holds no Stars.
      expect(s.payments).toEqual([]);
      expect(s.preCheckouts.map((q) => q.invoice_payload)).toEqual(['no-stock', 'card']);
    } finally {
      await s.stop();
    }
  });

  it('pays in Stars by invoice link and refunds: balances, ledger, refunded_payment, once', async () => {
    const s = await shop('stars', () => ({ ok: true }));
    try {
      expect(await server.control.grantStars({ user: s.user.phone, amount: 100 })).toEqual({
        user_id: s.user.id,
        amount: 100,
      });
      const link = await s.bot.api.createInvoiceLink('Gem', 'A shiny gem', 'gem-1', '', 'XTR', [
        { label: 'Gem', amount: 25 },
      ]);
      expect(link).toMatch(/^https:\/\/parley\.invalid\/\$/);
      const outcome = await server.control.pay({ user: s.user.phone, link });
      expect(outcome.status).toBe('paid');
      const chargeId = outcome.telegram_payment_charge_id!;
      expect(outcome.message!.successful_payment).toEqual({
        currency: 'XTR',
        total_amount: 25,
        invoice_payload: 'gem-1',
        telegram_payment_charge_id: chargeId,
        provider_payment_charge_id: '',
      });
      expect(await s.bot.api.getMyStarBalance()).toEqual({ amount: 25 });
      expect(await server.control.getStarBalance({ user: s.user.phone })).toEqual({
        user_id: s.user.id,
        amount: 75,
      });
      expect(await server.control.getStarBalance({ bot: `@${s.username}` })).toEqual({
        user_id: s.botId,
        amount: 25,
      });

      const { transactions } = await s.bot.api.getStarTransactions();
      expect(transactions).toEqual([
        {
          id: chargeId,
          amount: 25,
          date: expect.any(Number),
          source: {
            type: 'user',
            transaction_type: 'invoice_payment',
            invoice_payload: 'gem-1',
            user: expect.objectContaining({ id: s.user.id }),
          },
        },
      ]);

      expect(await s.bot.api.refundStarPayment(s.user.id, chargeId)).toBe(true);
      expect(await failure(s.bot.api.refundStarPayment(s.user.id, chargeId))).toMatchObject({
        code: 400,
        description: 'Bad Request: CHARGE_ALREADY_REFUNDED',
      });
      expect(await failure(s.bot.api.refundStarPayment(s.user.id, 'stxnothing'))).toMatchObject({
        code: 400,
        description: 'Bad Request: CHARGE_NOT_FOUND',
      });
      expect(await s.bot.api.getMyStarBalance()).toEqual({ amount: 0 });
      expect(await server.control.getStarBalance({ user: s.user.phone })).toMatchObject({ amount: 100 });
      const [refunded] = await waitFor(() => s.refunds.length > 0 && s.refunds, { what: 'refunded_payment' });
      expect(refunded!.refunded_payment).toEqual({
        currency: 'XTR',
        total_amount: 25,
        invoice_payload: 'gem-1',
        telegram_payment_charge_id: chargeId,
      });
      const after = (await s.bot.api.getStarTransactions({ offset: 1, limit: 5 })).transactions;
      expect(after).toEqual([
        {
          id: chargeId,
          amount: 25,
          date: expect.any(Number),
          receiver: expect.objectContaining({
            type: 'user',
            user: expect.objectContaining({ id: s.user.id }),
          }),
        },
      ]);
      const ledger = await server.control.listStarTransactions({ user: s.user.phone });
      expect(ledger.map((t) => [t.source ? 'in' : 'out', t.amount])).toEqual([
        ['in', 100],
        ['out', 25],
        ['in', 25],
      ]);

      // A Stars invoice the balance does not cover fails without asking the bot.
      const costly = await s.bot.api.createInvoiceLink('Crown', 'A crown', 'crown', '', 'XTR', [
        { label: 'Crown', amount: 500 },
      ]);
      const asked = s.preCheckouts.length;
      expect(await server.control.pay({ user: s.user.phone, link: costly })).toMatchObject({
        status: 'failed',
      });
      expect(s.preCheckouts.length).toBe(asked);
    } finally {
      await s.stop();
    }
  });

  it('fails the payment when the bot does not answer within 10 s of virtual time; a late answer is refused', async () => {
    const s = await shop('slow');
    try {
      const invoice = await s.bot.api.sendInvoice(
        s.user.id,
        'Book',
        'A book',
        'book',
        'USD',
        [{ label: 'Book', amount: 999 }],
        {
          provider_token: token('accept'),
        },
      );
      const paying = server.control.pay({
        user: s.user.phone,
        chat: `@${s.username}`,
        message_id: invoice.message_id,
      });
      const [query] = await waitFor(() => s.preCheckouts.length > 0 && s.preCheckouts, {
        what: 'pre_checkout_query',
      });
      await server.control.advanceClock(11);
      expect(await paying).toEqual({
        status: 'failed',
        error_message: 'the bot did not answer the pre-checkout query in time',
      });
      expect(await failure(s.bot.api.answerPreCheckoutQuery(query!.id, true))).toMatchObject({
        code: 400,
        description: 'Bad Request: query is too old and response timeout expired or query ID is invalid',
      });
      expect(s.payments).toEqual([]);
    } finally {
      await s.stop();
    }
  });

  it('charges once when the bot answers twice', async () => {
    const s = await shop('twice', () => ({ ok: true }));
    try {
      await server.control.grantStars({ user: s.user.phone, amount: 10 });
      const link = await s.bot.api.createInvoiceLink('Pin', 'A pin', 'pin', '', 'XTR', [
        { label: 'Pin', amount: 4 },
      ]);
      expect((await server.control.pay({ user: s.user.phone, link })).status).toBe('paid');
      const error = await failure(s.bot.api.answerPreCheckoutQuery(s.preCheckouts[0]!.id, true));
      expect(error.description).toBe(
        'Bad Request: query is too old and response timeout expired or query ID is invalid',
      );
      expect(await s.bot.api.getMyStarBalance()).toEqual({ amount: 4 });
      expect(await server.control.getStarBalance({ user: s.user.phone })).toMatchObject({ amount: 6 });
    } finally {
      await s.stop();
    }
  });

  it('never takes a balance below zero: of concurrent Stars payments only those it covers are paid', async () => {
    const s = await shop('rush', () => ({ ok: true }));
    try {
      await server.control.grantStars({ user: s.user.phone, amount: 10 });
      const link = await s.bot.api.createInvoiceLink('Ticket', 'A ticket', 'ticket', '', 'XTR', [
        { label: 'Ticket', amount: 3 },
      ]);
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, () => server.control.pay({ user: s.user.phone, link })),
      );
      const paid = outcomes.filter((o) => o.status === 'paid');
      expect(paid.length).toBe(3);
      expect(outcomes.filter((o) => o.status === 'failed').length).toBe(5);
      expect(new Set(paid.map((o) => o.telegram_payment_charge_id)).size).toBe(3);
      expect(await server.control.getStarBalance({ user: s.user.phone })).toMatchObject({ amount: 1 });
      expect(await s.bot.api.getMyStarBalance()).toEqual({ amount: 9 });
      expect((await s.bot.api.getStarTransactions()).transactions.length).toBe(3);
    } finally {
      await s.stop();
    }
  });

  it("refuses invalid invoices with the platform's texts", async () => {
    const s = await shop('rules');
    try {
      const api = s.bot.api;
      const cases: Array<[Promise<unknown>, string]> = [
        [
          api.createInvoiceLink('T', 'D', 'p', 'nope', 'USD', [{ label: 'A', amount: 100 }]),
          'PAYMENT_PROVIDER_INVALID',
        ],
        [
          api.createInvoiceLink('T', 'D', 'p', token('accept'), 'XTR', [{ label: 'A', amount: 1 }]),
          'PAYMENT_PROVIDER_INVALID',
        ],
        [
          api.createInvoiceLink('T', 'D', 'p', '', 'XTR', [
            { label: 'A', amount: 1 },
            { label: 'B', amount: 1 },
          ]),
          'STARS_INVOICE_INVALID',
        ],
        [
          // An empty title is a missing one (test/missing-parameter-texts.test.ts); too long is the platform's.
          api.createInvoiceLink('T'.repeat(33), 'D', 'p', '', 'XTR', [{ label: 'A', amount: 1 }]),
          'INVOICE_TITLE_INVALID',
        ],
        [
          api.createInvoiceLink('T', 'D', 'p', token('accept'), 'USD', [{ label: 'A', amount: 100 }], {
            max_tip_amount: 50,
            suggested_tip_amounts: [30, 20],
          }),
          'suggested tip amounts must be sorted in increasing order',
        ],
        [
          api.createInvoiceLink('T', 'D', 'p', '', 'XTR', [{ label: 'A', amount: 5 }], {
            subscription_period: 60,
          }),
          'SUBSCRIPTION_PERIOD_INVALID',
        ],
      ];
      for (const [call, text] of cases) {
        expect(await failure(call)).toMatchObject({ code: 400, description: `Bad Request: ${text}` });
      }
      const bad = await failure(
        api.raw.sendInvoice({
          chat_id: s.user.id,
          title: 'T',
          description: 'D',
          payload: 'p',
          currency: 'XTR',
          prices: 'x' as never,
        }),
      );
      expect(bad.description).toBe("Bad Request: can't parse prices JSON object");
      expect((await failure(api.answerShippingQuery('1', true))).description).toBe(
        'Bad Request: SHIPPING_OPTIONS_EMPTY',
      );
    } finally {
      await s.stop();
    }
  });
});
