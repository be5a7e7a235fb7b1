/**
 * Payments with python-telegram-bot 13 (unmodified, Debian's package), in the manner of its payment
 * example: a flexible invoice with the accepting test provider, the shipping query answered with
 * options, the pre-checkout query accepted, and successful_payment thanked with the total (goods,
 * tax and the chosen shipping) and the provider's charge id. A person pays through the control API.
 * Skipped where the package is missing, except when PARLEY_REQUIRE_PTB=1 (helpers/python-bot.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import { describeWithPtb, expectNoTraceback, startPythonBot, type PythonBot } from './helpers/python-bot.js';
import { waitFor } from './helpers/wait-for.js';

describeWithPtb('python-telegram-bot: payments', () => {
  let server: TestServer;
  let bot: PythonBot | undefined;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await bot?.stop();
    await server.close();
  });

  it('sells a flexible invoice: shipping options, pre-checkout, successful_payment', async () => {
    const { user, bot: record, token } = await userAndBot(server, 'ptbshop');
    const chat = `@${record.username}`;
    bot = await startPythonBot('shop_bot.py', { env: { PARLEY_URL: server.url, BOT_TOKEN: token } });
    await server.control.sendMessage({ from: user.id, chat, text: '/buy' });
    const invoice = await waitFor(
      async () =>
        (await server.control.listMessages({ user: user.id, chat, limit: 1 })).find((m) => m.invoice),
      { what: 'the invoice', timeoutMs: 20_000 },
    );
    expect(invoice.invoice).toMatchObject({ title: 'Green tea', currency: 'USD', total_amount: 1100 });

    const outcome = await server.control.pay({
      user: user.id,
      chat,
      message_id: invoice.message_id,
      shipping_option: 'courier',
    });
    expect(outcome.status).toBe('paid');
    const thanks = await waitFor(
      async () =>
        (await server.control.listMessages({ user: user.id, chat, limit: 1 })).find((m) =>
          m.text?.startsWith('Thank you!'),
        ),
      { what: 'the thanks', timeoutMs: 20_000 },
    ).catch((error: Error) => {
      throw new Error(`${error.message}; the bot printed:\n${bot?.output()}`, { cause: error });
    });
    expect(thanks.text).toMatch(/^Thank you! 1800 USD via courier, charge \S+$/);
    await bot.stop();
    expectNoTraceback(bot);
  });
});
