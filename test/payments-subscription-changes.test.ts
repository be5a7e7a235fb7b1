/**
 * A person cancels and re-enables a Stars subscription they pay a bot (ADR 0078), through the CLI
 * and the control API, on the virtual clock: the grammY bot gets `subscription` updates (state
 * `canceled`, `active`), a canceled subscription is not renewed and ends, a re-enabled one renews;
 * the bot's own cancel (editUserStarSubscription) sends no update and keeps the person from
 * re-enabling until the bot allows it again; a webhook that lists `subscription` in allowed_updates
 * gets the update too.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phone, startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import { cliRunner, controlFailure } from './helpers/cli-runner.js';
import { startReceiver } from './helpers/receiver.js';
import { waitFor } from './helpers/wait-for.js';
import type { StarSubscription } from '../src/testkit/index.js';

const PERIOD = 2_592_000;

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const cli = cliRunner(() => server, mkdtempSync(join(tmpdir(), 'parley-subs-')));

/** A grammY bot polling for updates, which records them; and a Stars subscription link of it. */
async function subscriptionBot(name: string) {
  const { user, bot: record, token } = await userAndBot(server, name);
  const bot = new Bot(token, { client: { apiRoot: server.url } });
  const seen: Update[] = [];
  bot.use((ctx, next) => {
    seen.push(ctx.update);
    return next();
  });
  bot.on('pre_checkout_query', (ctx) => ctx.answerPreCheckoutQuery(true));
  bot.catch(() => undefined);
  await new Promise<void>((resolve) => void bot.start({ onStart: () => resolve() }));
  const link = (payload: string) =>
    bot.api.createInvoiceLink('Club', 'Monthly club', payload, '', 'XTR', [{ label: 'Month', amount: 10 }], {
      subscription_period: PERIOD,
    });
  const subscriptionUpdates = () => seen.flatMap((u) => (u.subscription ? [u.subscription] : []));
  const renewals = () =>
    seen.flatMap((u) =>
      u.message?.successful_payment && !u.message.successful_payment.is_first_recurring
        ? [u.message.successful_payment]
        : [],
    );
  return { user, record, bot, link, subscriptionUpdates, renewals, username: `@${record.username}` };
}

describe('a person cancels and re-enables a Stars subscription', () => {
  it('through the CLI: the bot gets "canceled", the subscription is not renewed and ends', async () => {
    const { user, bot, link, subscriptionUpdates, renewals, username } = await subscriptionBot('subcli');
    try {
      await server.control.grantStars({ user: user.phone_number!, amount: 50 });
      expect((await server.control.pay({ user: user.phone_number!, link: await link('gold') })).status).toBe(
        'paid',
      );
      const listed = await cli(
        'subscription',
        'list',
        '--user',
        user.phone_number!,
        '--bot',
        username,
        '--json',
      );
      expect(listed.code).toBe(0);
      const [active] = JSON.parse(listed.stdout) as StarSubscription[];
      expect(active).toMatchObject({ invoice_payload: 'gold', star_count: 10, state: 'active' });

      const canceled = await cli(
        'subscription',
        'cancel',
        '--user',
        user.phone_number!,
        '--bot',
        username,
        '--json',
      );
      expect(canceled.code).toBe(0);
      expect(JSON.parse(canceled.stdout)).toMatchObject({
        telegram_payment_charge_id: active!.telegram_payment_charge_id,
        state: 'canceled',
        canceled_by_user: true,
        canceled_by_bot: false,
      });
      const update = await waitFor(() => subscriptionUpdates()[0], { what: 'the canceled update' });
      expect(update).toEqual({
        user: expect.objectContaining({ id: user.id, first_name: 'Alice' }),
        invoice_payload: 'gold',
        state: 'canceled',
      });
      // A second cancel is refused and sends nothing.
      const again = await cli('subscription', 'cancel', '--user', user.phone_number!, '--bot', username);
      expect(again.code).not.toBe(0);
      expect(again.stderr).toContain('the subscription is already canceled');

      // At the end of the period it is not renewed: no charge, and it ends.
      await server.control.advanceClock(PERIOD + 5);
      await waitFor(
        async () => (await server.control.listSubscriptions({ user: user.id, bot: username })).length === 0,
        {
          what: 'the end of the canceled subscription',
        },
      );
      expect(await bot.api.getMyStarBalance()).toEqual({ amount: 10 });
      expect(await server.control.getStarBalance({ user: user.id })).toMatchObject({ amount: 40 });
      expect(renewals()).toEqual([]);
      expect(subscriptionUpdates()).toHaveLength(1);
      const late = await cli('subscription', 'reactivate', '--user', user.phone_number!, '--bot', username);
      expect(late.code).not.toBe(0);
      expect(late.stderr).toContain('no active subscription');
    } finally {
      await bot.stop();
    }
  });

  it('through the control API: "active" after a re-enable, which renews; the bot\'s cancel blocks it', async () => {
    const { user, bot, link, subscriptionUpdates, renewals, username } = await subscriptionBot('subapi');
    const person = user.phone_number!;
    try {
      await server.control.grantStars({ user: person, amount: 100 });
      expect((await server.control.pay({ user: person, link: await link('silver') })).status).toBe('paid');
      expect(
        await controlFailure(server.control.reactivateSubscription({ user: person, bot: username })),
      ).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        message: 'the subscription is not canceled',
      });
      await server.control.cancelSubscription({ user: person, bot: username });
      const reactivated = await server.control.reactivateSubscription({ user: person, bot: username });
      expect(reactivated).toMatchObject({ state: 'active', canceled_by_user: false });
      await waitFor(() => subscriptionUpdates().length === 2, { what: 'the two subscription updates' });
      expect(subscriptionUpdates().map((u) => u.state)).toEqual(['canceled', 'active']);

      // Re-enabled, it renews at its period.
      await server.control.advanceClock(PERIOD + 5);
      const renewal = await waitFor(() => renewals()[0], { what: 'the renewal' });
      expect(renewal).toMatchObject({ invoice_payload: 'silver', is_recurring: true });
      expect(await bot.api.getMyStarBalance()).toEqual({ amount: 20 });
      const [current] = await server.control.listSubscriptions({ user: person, bot: username });
      expect(current!.telegram_payment_charge_id).toBe(renewal.telegram_payment_charge_id);

      // The bot cancels it: no update; the person cannot re-enable it until the bot allows it again.
      await bot.api.editUserStarSubscription(user.id, renewal.telegram_payment_charge_id, true);
      expect(await server.control.listSubscriptions({ user: person, bot: username })).toEqual([
        expect.objectContaining({ state: 'canceled', canceled_by_user: false, canceled_by_bot: true }),
      ]);
      await server.control.cancelSubscription({ user: person, bot: username });
      const blocked = await controlFailure(
        server.control.reactivateSubscription({ user: person, bot: username }),
      );
      expect(blocked).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
      expect(blocked.message).toContain('the bot canceled this subscription');
      await bot.api.editUserStarSubscription(user.id, renewal.telegram_payment_charge_id, false);
      await server.control.reactivateSubscription({ user: person, bot: username });
      await waitFor(() => subscriptionUpdates().length === 4, { what: "the person's two later updates" });
      expect(subscriptionUpdates().map((u) => u.state)).toEqual(['canceled', 'active', 'canceled', 'active']);

      // A second subscription to the same bot: the person names one by its charge id.
      const second = await server.control.pay({ user: person, link: await link('bronze') });
      expect(second.status).toBe('paid');
      expect(
        await controlFailure(server.control.cancelSubscription({ user: person, bot: username })),
      ).toMatchObject({
        status: 400,
        message: 'the person has 2 active subscriptions to this bot; name one by its charge id',
      });
      expect(
        await controlFailure(
          server.control.cancelSubscription({ user: person, bot: username, charge_id: 'stxnone' }),
        ),
      ).toMatchObject({ status: 404, code: 'CHARGE_NOT_FOUND' });
      const bronze = await server.control.cancelSubscription({
        user: person,
        bot: username,
        charge_id: second.telegram_payment_charge_id!,
      });
      expect(bronze).toMatchObject({ invoice_payload: 'bronze', state: 'canceled' });
      await waitFor(() => subscriptionUpdates().length === 5, { what: 'the bronze update' });
      expect(subscriptionUpdates()[4]).toMatchObject({ invoice_payload: 'bronze', state: 'canceled' });
    } finally {
      await bot.stop();
    }
  });

  it('reaches a webhook that lists subscription in allowed_updates', async () => {
    const { bot: record, token } = await userAndBot(server, 'subhook');
    const bot = new Bot(token, { client: { apiRoot: server.url } });
    const hook = await startReceiver((request, response) => {
      const update = request.json as { pre_checkout_query?: { id: string } };
      if (update.pre_checkout_query) {
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            method: 'answerPreCheckoutQuery',
            pre_checkout_query_id: update.pre_checkout_query.id,
            ok: true,
          }),
        );
      } else response.end();
    });
    try {
      // The type's name in allowed_updates: the webhook gets it, and not the successful_payment message.
      await bot.api.setWebhook(hook.url, { allowed_updates: ['pre_checkout_query', 'subscription'] });
      const other = await server.control.createUser({ phone_number: phone(), first_name: 'Carol' });
      await server.control.grantStars({ user: other.id, amount: 10 });
      const link = await bot.api.createInvoiceLink(
        'Club',
        'Club',
        'hook',
        '',
        'XTR',
        [{ label: 'M', amount: 5 }],
        {
          subscription_period: PERIOD,
        },
      );
      expect((await server.control.pay({ user: other.id, link })).status).toBe('paid');
      await server.control.cancelSubscription({ user: other.id, bot: record.id });
      const delivered = await waitFor(() => hook.received.find((r) => 'subscription' in r.json), {
        what: 'the webhook subscription update',
      });
      expect(delivered.json.subscription).toEqual({
        user: expect.objectContaining({ id: other.id }),
        invoice_payload: 'hook',
        state: 'canceled',
      });
      expect(hook.received.filter((r) => r.json.message)).toEqual([]);
    } finally {
      await bot.api.deleteWebhook();
      await hook.close();
    }
  });
});
