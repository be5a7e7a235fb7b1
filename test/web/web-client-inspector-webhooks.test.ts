/**
 * The inspector's webhook deliveries in a real browser (ADR 0055, 0059): a bot's webhook fails once
 * (500) and then accepts; the operator sees both attempts with their statuses, replays the delivered
 * update (the receiver gets it again), and sees the bot's faults on demand.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callBotApi, startServer, userAndBot, type TestServer } from '../helpers/in-process.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { waitFor } from '../helpers/wait-for.js';
import { describeWithBrowser, ensurePageBuilt, launchBrowser } from '../helpers/browser.js';

describeWithBrowser('the inspector: webhook deliveries and faults', () => {
  let server: TestServer;
  let browser: Browser;
  let hook: Receiver;

  beforeAll(async () => {
    await ensurePageBuilt();
    server = await startServer();
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await hook?.close();
    await browser?.close();
    await server?.close();
  });

  it('shows the attempts, replays a delivered update and lists the faults', async () => {
    const { user, bot, token } = await userAndBot(server, 'inspecthook');
    let failFirst = true;
    hook = await startReceiver((_request, response) => {
      if (failFirst) {
        failFirst = false;
        response.statusCode = 500;
      }
      response.end();
    });
    expect((await callBotApi(server, token, 'setWebhook', { url: hook.url })).body.ok).toBe(true);
    await server.control.sendMessage({ from: user.phone_number, chat: `@${bot.username}`, text: 'hook me' });
    // The retry comes after the backoff on the virtual clock.
    await waitFor(() => hook.received.length >= 1, { what: 'the first attempt' });
    await server.control.advanceClock(120);
    await waitFor(() => hook.received.length >= 2, { what: 'the retry' });
    await server.control.addFault({ bot: `@${bot.username}`, method: 'sendMessage', status: 502, times: 2 });

    const page = await browser.newPage();
    await page.goto(server.url + '/web/#inspector');
    await page.getByRole('button', { name: new RegExp(`@${bot.username}`) }).click();
    const table = page.getByRole('table', { name: 'Webhook deliveries' });
    await expect
      .poll(() => table.locator('.outcome').allTextContents(), { timeout: 15_000 })
      .toEqual([
        'failed (HTTP 500) Wrong response from the webhook: 500 Internal Server Error',
        'delivered (HTTP 200)',
      ]);
    await expect.poll(() => page.getByText(/sendmessage: answer 502 \(0\/2 calls\)/i).count()).toBe(1);

    await table.getByRole('button', { name: 'Replay' }).click();
    await expect.poll(() => page.getByRole('status').textContent(), { timeout: 15_000 }).toMatch(/resent/);
    await waitFor(() => hook.received.length >= 3, { what: 'the replayed update' });
    expect(hook.received[2]!.body).toBe(hook.received[1]!.body);
    await page.close();
  });
});
