/**
 * Stars subscriptions with grammY: an invoice link with subscription_period, paid by a person, is
 * renewed when 30 days pass on the virtual clock (a new charge, a recurring successful_payment),
 * stops when the bot cancels it with editUserStarSubscription, and fails (a `subscription` update
 * with state "failed") when the person's Stars no longer cover it.
 */
import { Bot, type GrammyError } from 'grammy';
import type { Update } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phone, startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import { failure, groupKit } from './helpers/groups.js';
import { waitFor } from './helpers/wait-for.js';

const PERIOD = 2_592_000;

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

describe('Stars subscriptions', () => {
  it('renews on the clock, stops when the bot cancels, fails without Stars', async () => {
    const { user, token } = await userAndBot(server, 'subs');
    const other = await server.control.createUser({ phone_number: phone(), first_name: 'Bob' });
    const bot = new Bot(token, { client: { apiRoot: server.url } });
    const seen: Update[] = [];
    bot.use((ctx, next) => {
      seen.push(ctx.update);
      return next();
    });
    bot.on('pre_checkout_query', (ctx) => ctx.answerPreCheckoutQuery(true));
    bot.catch(() => undefined);
    await new Promise<void>((resolve) => void bot.start({ onStart: () => resolve() }));
    const payments = () =>
      seen.flatMap((u) => (u.message?.successful_payment ? [u.message.successful_payment] : []));
    try {
      await server.control.grantStars({ user: user.phone_number!, amount: 25 });
      await server.control.grantStars({ user: other.phone_number!, amount: 10 });
      const link = await bot.api.createInvoiceLink(
        'Club',
        'Monthly club',
        'club',
        '',
        'XTR',
        [{ label: 'Month', amount: 10 }],
        { subscription_period: PERIOD },
      );

      const start = (await server.control.getClock()).now;
      const first = await server.control.pay({ user: user.phone_number!, link });
      expect(first.status).toBe('paid');
      const firstPaid = first.message!.successful_payment!;
      expect(firstPaid).toMatchObject({ is_recurring: true, is_first_recurring: true, total_amount: 10 });
      expect(firstPaid.subscription_expiration_date).toBeGreaterThanOrEqual(start + PERIOD);
      expect((await server.control.pay({ user: other.phone_number!, link })).status).toBe('paid');
      expect(await bot.api.getMyStarBalance()).toEqual({ amount: 20 });

      // 30 days later: Alice is charged again; Bob's 0 Stars do not cover it.
      await server.control.advanceClock(PERIOD + 5);
      await waitFor(async () => (await bot.api.getMyStarBalance()).amount === 30, { what: 'the renewal' });
      const renewal = await waitFor(() => payments().find((p) => !p.is_first_recurring), {
        what: 'the recurring successful_payment',
      });
      expect(renewal).toMatchObject({ is_recurring: true, total_amount: 10, invoice_payload: 'club' });
      expect(renewal.telegram_payment_charge_id).not.toBe(firstPaid.telegram_payment_charge_id);
      expect(renewal.subscription_expiration_date).toBe(firstPaid.subscription_expiration_date! + PERIOD);
      expect(await server.control.getStarBalance({ user: user.phone_number! })).toMatchObject({ amount: 5 });
      const failed = await waitFor(
        () => seen.find((u) => (u as unknown as Record<string, unknown>).subscription),
        {
          what: 'the subscription update',
        },
      );
      expect((failed as unknown as Record<string, unknown>).subscription).toEqual({
        user: expect.objectContaining({ id: other.id }),
        invoice_payload: 'club',
        state: 'failed',
      });
      const { transactions } = await bot.api.getStarTransactions();
      expect(transactions.map((t) => t.amount)).toEqual([10, 10, 10]);
      expect(transactions[2]!.source).toMatchObject({ type: 'user', subscription_period: PERIOD });

      // The bot cancels Alice's renewed subscription: at its end it stops.
      await server.control.grantStars({ user: user.phone_number!, amount: 100 });
      const chargeId = renewal.telegram_payment_charge_id;
      expect(await bot.api.editUserStarSubscription(user.id, chargeId, true)).toBe(true);
      expect(await failure(bot.api.editUserStarSubscription(user.id, 'stxnothing', true))).toMatchObject({
        description: 'Bad Request: CHARGE_NOT_FOUND',
      });
      await server.control.advanceClock(PERIOD + 5);
      // Once ended, it is no longer an active subscription.
      const ended = async () => {
        try {
          await bot.api.editUserStarSubscription(user.id, chargeId, true);
          return false;
        } catch (error) {
          return (error as GrammyError).description === 'Bad Request: CHARGE_NOT_FOUND';
        }
      };
      await waitFor(ended, { what: 'the end of the cancelled subscription' });
      expect(await bot.api.getMyStarBalance()).toEqual({ amount: 30 });
      expect(await server.control.getStarBalance({ user: user.phone_number! })).toMatchObject({
        amount: 105,
      });
    } finally {
      await bot.stop();
    }
  });
});

describe('channel subscription invite links', () => {
  const { person, bot: makeBot } = groupKit(() => server);

  it('charges the price to join and every period; a person whose Stars run out leaves the channel', async () => {
    const owner = await person('Olga');
    const admin = await makeBot('subsadmin');
    const channel = await server.control.createChat({ owner: owner.id, title: 'Premium', type: 'channel' });
    await server.control.promoteChatMember({
      by: owner.id,
      chat: channel.id,
      user: admin.record.id,
      rights: { can_invite_users: true },
    });
    const created = await admin.api.createChatSubscriptionInviteLink(channel.id, PERIOD, 5, { name: 'Club' });
    expect(created).toMatchObject({ name: 'Club', subscription_period: PERIOD, subscription_price: 5 });
    const edited = await admin.api.editChatSubscriptionInviteLink(channel.id, created.invite_link, {
      name: 'VIP',
    });
    expect(edited).toMatchObject({ name: 'VIP', subscription_price: 5 });
    expect(await failure(admin.api.createChatSubscriptionInviteLink(channel.id, 60, 5))).toMatchObject({
      description: 'Bad Request: SUBSCRIPTION_PERIOD_INVALID',
    });

    const fan = await person('Fan');
    const broke = await person('Broke');
    await server.control.grantStars({ user: fan.id, amount: 7 });
    expect(
      await server.control
        .joinChat({ user: broke.id, invite_link: created.invite_link })
        .catch((e: unknown) => e),
    ).toMatchObject({ status: 400, error: 'BALANCE_TOO_LOW' });
    expect((await server.control.joinChat({ user: fan.id, invite_link: created.invite_link })).status).toBe(
      'member',
    );
    expect(await server.control.getStarBalance({ user: fan.id })).toMatchObject({ amount: 2 });
    const ledger = await server.control.listStarTransactions({ user: fan.id });
    expect(ledger.at(-1)).toMatchObject({ amount: 5, receiver: { type: 'chat', chat: { id: channel.id } } });

    const loyal = await person('Loyal');
    await server.control.grantStars({ user: loyal.id, amount: 12 });
    const joinedAt = (await server.control.getClock()).now;
    await server.control.joinChat({ user: loyal.id, invite_link: created.invite_link });
    // ChatMemberMember.until_date: the end of the period paid for (virtual time follows real time).
    const paidUntil = ((await admin.api.getChatMember(channel.id, loyal.id)) as { until_date?: number })
      .until_date!;
    expect(paidUntil - PERIOD - joinedAt).toBeGreaterThanOrEqual(0);
    expect(paidUntil - PERIOD - joinedAt).toBeLessThan(5);

    // The next period: Loyal pays again and stays; the fan's 2 Stars do not cover 5, so they leave.
    await server.control.advanceClock(PERIOD + 5);
    await waitFor(
      async () => {
        const member = await admin.api.getChatMember(channel.id, fan.id);
        return member.status === 'left';
      },
      { what: 'the fan to leave' },
    );
    expect(await server.control.getStarBalance({ user: fan.id })).toMatchObject({ amount: 2 });
    await waitFor(async () => (await server.control.getStarBalance({ user: loyal.id })).amount === 2, {
      what: 'the renewal of Loyal',
    });
    // The renewal moves the member's until_date on by one period.
    expect(await admin.api.getChatMember(channel.id, loyal.id)).toMatchObject({
      status: 'member',
      until_date: paidUntil + PERIOD,
    });
  });
});
