/**
 * The inspector's webhook deliveries in a real world.browser (ADR 0055, 0059): a bot's webhook fails once
 * (500) and then accepts; the operator sees both attempts with their statuses, replays the delivered
 * update (the receiver gets it again), and sees the bot's faults on demand.
 */
import { afterAll, expect, it } from 'vitest';
import { callBotApi, userAndBot } from '../helpers/in-process.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { waitFor } from '../helpers/wait-for.js';
import { describeWithBrowser, browserWorld } from '../helpers/browser.js';

describeWithBrowser('the inspector: webhook deliveries and faults', () => {
  const world = browserWorld();
  let hook: Receiver;

  afterAll(async () => {
    await hook?.close();
  });

  it('shows the attempts, replays a delivered update and lists the faults', async () => {
    const { user, bot, token } = await userAndBot(world.server, 'inspecthook');
    let failFirst = true;
    hook = await startReceiver((_request, response) => {
      if (failFirst) {
        failFirst = false;
        response.statusCode = 500;
      }
      response.end();
    });
    expect((await callBotApi(world.server, token, 'setWebhook', { url: hook.url })).body.ok).toBe(true);
    await world.server.control.sendMessage({
      from: user.phone_number,
      chat: `@${bot.username}`,
      text: 'hook me',
    });
    // The retry comes after the backoff on the virtual clock.
    await waitFor(() => hook.received.length >= 1, { what: 'the first attempt' });
    await world.server.control.advanceClock(120);
    await waitFor(() => hook.received.length >= 2, { what: 'the retry' });
    await world.server.control.addFault({
      bot: `@${bot.username}`,
      method: 'sendMessage',
      status: 502,
      times: 2,
    });

    const page = await world.browser.newPage();
    await page.goto(world.server.url + '/web/#inspector');
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
