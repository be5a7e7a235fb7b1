/** Payments and Stars: a person's Stars, paying invoices, the test payment providers (ADR 0043). */
import { MAX_INT32, waitTimeout } from './common.js';
import { int, obj, params, ref, route, str } from './dsl.js';

const PAYMENT_NOT_FOUND = {
  status: 404,
  description:
    'No such user, chat or message (`MESSAGE_NOT_FOUND`), the message is not an invoice or the link ' +
    'is unknown (`INVOICE_NOT_FOUND`).',
  codes: ['USER_NOT_FOUND', 'BOT_NOT_FOUND', 'CHAT_NOT_FOUND', 'MESSAGE_NOT_FOUND', 'INVOICE_NOT_FOUND'],
} as const;

const SUBSCRIPTION_NOT_FOUND = {
  status: 404,
  description:
    'No such person or bot, or the person has no subscription to the bot whose period runs (with that ' +
    'charge id, if given: `CHARGE_NOT_FOUND`).',
  codes: ['USER_NOT_FOUND', 'BOT_NOT_FOUND', 'CHARGE_NOT_FOUND'],
} as const;

const subscriptionParams = (name: string) =>
  params(name, {
    user: ref('user', { required: true, description: 'The person who pays the subscription.' }),
    bot: ref('user', {
      required: true,
      description: 'The bot the subscription is paid to, e.g. `@club_bot`.',
    }),
    charge_id: str({
      description:
        "The subscription's current telegram_payment_charge_id; needed only when the person has several " +
        'subscriptions to the bot.',
    }),
  });

export const PAYMENTS = {
  grantStars: route({
    method: 'POST',
    path: '/stars/grant',
    tag: 'payments',
    summary: 'Give a person Stars',
    description:
      'As if the person bought them: an incoming transaction of their ledger whose source is `other`. ' +
      'A balance holds at most 9 000 000 Stars.',
    params: params('GrantStarsParams', {
      user: ref('user', { required: true, description: 'The person (not a bot).' }),
      amount: int({ required: true, min: 1, max: 1_000_000, description: 'Whole Stars, 1-1000000.' }),
    }),
    result: 'StarBalance',
    answer: "The person's balance now.",
    errors: ['BadRequest', 'ReferenceNotFound'],
  }),

  getStarBalance: route({
    method: 'GET',
    path: '/stars/balance',
    tag: 'payments',
    summary: 'The Stars balance of a person or a bot',
    params: params('GetStarBalanceParams', {
      user: ref('user', { description: 'The person; or give `bot`.' }),
      bot: ref('user', { description: 'The bot, e.g. `@shop_bot`; or give `user`.' }),
    }),
    result: 'StarBalance',
    answer: 'The balance.',
    errors: ['BadRequest', 'ReferenceNotFound'],
  }),

  listStarTransactions: route({
    method: 'GET',
    path: '/stars/transactions',
    tag: 'payments',
    summary: 'The Stars ledger of a person or a bot, oldest first',
    description: 'StarTransaction objects as getStarTransactions answers them (`source` or `receiver`).',
    params: params('ListStarTransactionsParams', {
      user: ref('user', { description: 'The person; or give `bot`.' }),
      bot: ref('user', { description: 'The bot; or give `user`.' }),
      offset: int({ min: 0, max: MAX_INT32, default: 0 }),
      limit: int({ min: 1, max: 100, default: 100 }),
    }),
    result: 'StarTransaction[]',
    answer: 'The transactions.',
    errors: ['BadRequest', 'ReferenceNotFound'],
  }),

  pay: route({
    method: 'POST',
    path: '/pay',
    tag: 'payments',
    summary: 'Pay an invoice message or an invoice link as a person',
    description:
      'Give `chat` and `message_id` (an invoice the person sees) or `link` (from createInvoiceLink). A ' +
      'flexible invoice first asks the bot with a `shipping_query` (waiting up to `timeout` seconds); ' +
      'then the bot gets a `pre_checkout_query` and has 10 s of virtual time to answer ' +
      '(advancing the clock past it fails the payment). `ok: true` charges: Stars move from the ' +
      'person to the bot, a fiat invoice goes to its test provider (one accepts, one declines), and ' +
      "the person's chat with the bot gets the `successful_payment` message. The answer is the " +
      'outcome: `paid`, `declined` (the bot or the provider said no; `error_message` is what the ' +
      "person is shown) or `failed` (no answer in time, or the person's Stars do not cover a Stars " +
      'invoice).',
    params: params('PayParams', {
      user: ref('user', { required: true }),
      chat: ref('chat', { description: 'The chat of the invoice message, as the person names it.' }),
      message_id: int({ min: 1, max: MAX_INT32, description: 'The invoice message.' }),
      link: str({ description: 'An invoice link (`https://parley.invalid/$...`).' }),
      tip: int({ min: 0, max: MAX_INT32, description: 'A tip in minor units, up to max_tip_amount.' }),
      shipping_option: str({
        description: "The id of one of the bot's shipping options (default: the first).",
      }),
      name: str({ description: "The order name (need_name); default: the person's name." }),
      phone_number: str({ description: "The order phone number; default: the person's." }),
      email: str({ description: 'The order email; default: `user<id>@parley.invalid`.' }),
      shipping_address: obj(
        {
          country_code: str({ required: true }),
          state: str({ allowEmpty: true }),
          city: str({ required: true }),
          street_line1: str({ required: true }),
          street_line2: str({ allowEmpty: true }),
          post_code: str({ required: true }),
        },
        { description: 'The shipping address; default: 1 Test Street, San Francisco, CA 94105, US.' },
      ),
      timeout: waitTimeout("Seconds to wait for the bot's answer to a shipping query."),
    }),
    result: 'PaymentOutcome',
    answer: 'The outcome of the payment.',
    errors: ['BadRequest', PAYMENT_NOT_FOUND],
  }),

  listSubscriptions: route({
    method: 'GET',
    path: '/subscriptions',
    tag: 'payments',
    summary: "A person's Stars subscriptions to a bot whose period runs, oldest first",
    description:
      'Subscriptions a person pays a bot (an invoice link with `subscription_period`), as their app ' +
      'lists them; a canceled one is listed until its period ends (ADR 0078).',
    params: params('ListSubscriptionsParams', {
      user: ref('user', { required: true, description: 'The person.' }),
      bot: ref('user', { required: true, description: 'The bot.' }),
    }),
    result: 'StarSubscription[]',
    answer: 'The subscriptions.',
    errors: ['BadRequest', 'ReferenceNotFound'],
  }),

  cancelSubscription: route({
    method: 'POST',
    path: '/subscriptions/cancel',
    tag: 'payments',
    summary: 'A person cancels a Stars subscription they pay a bot',
    description:
      'The subscription is not renewed: it ends when its paid period does. The bot gets a ' +
      '`subscription` update (BotSubscriptionUpdated, `state: "canceled"`). Refused (400) when the ' +
      'person already canceled it (ADR 0078).',
    params: subscriptionParams('ChangeSubscriptionParams'),
    result: 'StarSubscription',
    answer: 'The subscription now.',
    errors: ['BadRequest', SUBSCRIPTION_NOT_FOUND],
  }),

  reactivateSubscription: route({
    method: 'POST',
    path: '/subscriptions/reactivate',
    tag: 'payments',
    summary: 'A person re-enables a Stars subscription they canceled',
    description:
      'Before its paid period ends: it renews again at the end of the period. The bot gets a ' +
      '`subscription` update (`state: "active"`). Refused (400) when the person has not canceled it, ' +
      'or when the bot canceled it (editUserStarSubscription `is_canceled`) and has not allowed it again.',
    params: subscriptionParams('ChangeSubscriptionParams'),
    result: 'StarSubscription',
    answer: 'The subscription now.',
    errors: ['BadRequest', SUBSCRIPTION_NOT_FOUND],
  }),

  listPaymentProviders: route({
    method: 'GET',
    path: '/payments/providers',
    tag: 'payments',
    summary: 'The test payment providers whose tokens bots pass as provider_token',
    result: 'PaymentProvider[]',
    answer: 'The providers.',
    errors: [],
  }),
} as const;
