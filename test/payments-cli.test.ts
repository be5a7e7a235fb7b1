/**
 * The payment commands of the CLI: `parley payments providers`, `parley stars grant`,
 * `parley stars balance` and `parley pay` (by message and by link), against an in-process server
 * whose bot answers with the Bot API over HTTP.
 */
import { Bot } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import { cliRunner } from './helpers/cli-runner.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const parley = cliRunner(() => server);

describe('parley stars, pay and payments', () => {
  it('lists the providers, grants Stars, pays by link and by message, shows balances', async () => {
    const providers = await parley('payments', 'providers', '--json');
    expect(providers.code).toBe(0);
    const list = JSON.parse(providers.stdout) as Array<{ name: string; token: string; outcome: string }>;
    expect(list.map((p) => p.outcome).sort()).toEqual(['accept', 'decline']);
    expect((await parley('payments', 'providers')).stdout).toContain(list[0]!.token);

    const { user, bot: record, token } = await userAndBot(server, 'clipay');
    const phone = user.phone_number!;
    const bot = new Bot(token, { client: { apiRoot: server.url } });
    bot.on('pre_checkout_query', (ctx) => ctx.answerPreCheckoutQuery(true));
    bot.catch(() => undefined);
    await new Promise<void>((resolve) => void bot.start({ onStart: () => resolve() }));
    try {
      const granted = await parley('stars', 'grant', '--user', phone, '--amount', '50', '--json');
      expect(JSON.parse(granted.stdout)).toEqual({ user_id: user.id, amount: 50 });

      const link = await bot.api.createInvoiceLink('Hat', 'A hat', 'hat', '', 'XTR', [
        { label: 'Hat', amount: 20 },
      ]);
      const byLink = await parley('pay', '--user', phone, '--link', link, '--json');
      expect(byLink.code).toBe(0);
      const paid = JSON.parse(byLink.stdout) as { status: string; message: Record<string, unknown> };
      expect(paid.status).toBe('paid');
      expect(paid.message.successful_payment).toMatchObject({ currency: 'XTR', total_amount: 20 });

      expect(JSON.parse((await parley('stars', 'balance', '--user', phone, '--json')).stdout)).toEqual({
        user_id: user.id,
        amount: 30,
      });
      expect((await parley('stars', 'balance', '--bot', `@${record.username}`)).stdout).toBe(
        `balance of ${record.id}: 20 Stars`,
      );

      await server.control.sendMessage({ from: phone, chat: `@${record.username}`, text: 'hi' });
      const invoice = await bot.api.sendInvoice(
        user.id,
        'Cap',
        'A cap',
        'cap',
        'USD',
        [{ label: 'Cap', amount: 700 }],
        {
          provider_token: list.find((p) => p.outcome === 'decline')!.token,
          max_tip_amount: 100,
        },
      );
      const declined = await parley(
        'pay',
        '--user',
        phone,
        '--chat',
        `@${record.username}`,
        '--message',
        String(invoice.message_id),
        '--tip',
        '50',
      );
      expect(declined.stdout).toMatch(/^declined: /);

      const wrong = await parley('pay', '--user', phone, '--link', link, '--chat', `@${record.username}`);
      expect(wrong.code).not.toBe(0);
      expect((await parley('stars', 'balance')).code).not.toBe(0);
    } finally {
      await bot.stop();
    }
  });
});
