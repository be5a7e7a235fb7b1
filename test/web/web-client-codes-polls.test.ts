/**
 * The web client in a real world.browser (ADR 0055), continued: a person votes in a grammY bot's poll (the
 * bot hears the poll_answer), and a verification code sent through the gateway arrives in the
 * service chat, where reading it reports it read: checkVerificationStatus shows `read`.
 */
import { Bot } from 'grammy';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { phone } from '../helpers/in-process.js';
import { setupGateway } from '../helpers/gateway.js';
import { describeWithBrowser, screenshotPath, browserWorld } from '../helpers/browser.js';

describeWithBrowser('the web client: polls and codes', () => {
  const world = browserWorld();

  async function signIn(page: Page, phoneNumber: string) {
    await page.goto(world.server.url + '/web/');
    await page.getByLabel('Phone number').fill(phoneNumber);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('votes in a bot’s poll; the bot hears the answer and the counts show', async () => {
    const created = await world.server.control.createBot({
      username: 'pollster_web_bot',
      first_name: 'Pollster',
    });
    const bot = new Bot(created.token, { client: { apiRoot: world.server.url } });
    const answers: { option_ids: number[]; user: number }[] = [];
    bot.command('start', (ctx) =>
      ctx.replyWithPoll('Tea or coffee?', [{ text: 'Tea' }, { text: 'Coffee' }], { is_anonymous: false }),
    );
    bot.on('poll_answer', (ctx) => {
      answers.push({ option_ids: ctx.pollAnswer.option_ids, user: ctx.pollAnswer.user!.id });
    });
    void bot.start({ drop_pending_updates: true, allowed_updates: ['message', 'poll_answer'] });
    try {
      const dana = await world.server.control.createUser({ phone_number: phone(), first_name: 'Dana' });
      const page = await world.browser.newPage();
      await signIn(page, dana.phone_number!);
      await page.getByRole('button', { name: /Pollster/ }).click();
      await page.getByRole('button', { name: 'Start' }).click();
      const poll = page.getByRole('group', { name: 'Tea or coffee?' });
      await expect.poll(() => poll.count(), { timeout: 15_000 }).toBe(1);
      await poll.getByRole('button', { name: 'Coffee' }).click();
      await expect.poll(() => answers, { timeout: 15_000 }).toEqual([{ option_ids: [1], user: dana.id }]);
      await expect.poll(() => poll.getByText('1 vote').count(), { timeout: 15_000 }).toBe(1);
      await page.close();
    } finally {
      await bot.stop();
    }
  });

  it('shows a verification code in the service chat, and reading it reports it read', async () => {
    const gw = await setupGateway(world.server, 100);
    const erin = await gw.person('Erin');
    const page = await world.browser.newPage();
    await signIn(page, erin.phone_number!);
    const sent = await gw.call('sendVerificationMessage', {
      phone_number: erin.phone_number,
      code_length: 6,
    });
    expect(sent.body.ok).toBe(true);
    const requestId = (sent.body.result as { request_id: string }).request_id;
    const [entry] = await world.server.control.getVerificationInbox(erin.phone_number!);
    const code = entry!.code!;

    // The service chat appears live in the chat list, unread; opening it shows the code.
    const serviceChat = page.getByRole('button', { name: /Verification Codes/ });
    await expect.poll(() => serviceChat.count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByLabel('1 unread').count()).toBe(1);
    const status = async () =>
      (
        (await gw.call('checkVerificationStatus', { request_id: requestId })).body.result as {
          delivery_status?: { status: string };
        }
      ).delivery_status?.status;
    expect(await status()).not.toBe('read');

    // The operator watches the request in the inspector (another tab; the local profile hands the
    // loopback page the admin token).
    const inspector = await world.browser.newPage();
    await inspector.goto(world.server.url + '/web/#inspector');
    await inspector.getByRole('button', { name: new RegExp(`Account ${gw.account.id} `) }).click();
    const row = inspector.locator(`tr[data-request-id="${requestId}"]`);
    await expect
      .poll(() => row.locator('.delivery-status').textContent(), { timeout: 15_000 })
      .toBe('delivered');
    expect(await row.locator('.code').textContent()).toBe(code);

    await serviceChat.click();
    await expect
      .poll(() => page.getByRole('article').filter({ hasText: code }).count(), { timeout: 15_000 })
      .toBe(1);
    await expect.poll(status, { timeout: 15_000 }).toBe('read');
    const shot = screenshotPath('web-client-service-chat');
    if (shot) await page.screenshot({ path: shot });
    // The inspector shows it live, without a reload.
    await expect.poll(() => row.locator('.delivery-status').textContent(), { timeout: 15_000 }).toBe('read');
    const inspectorShot = screenshotPath('web-client-inspector');
    if (inspectorShot) await inspector.screenshot({ path: inspectorShot, fullPage: true });
    await inspector.close();
    await page.close();
  });
});
