/**
 * The README's flows on a 390x844 phone (issue 29, "Done means": a person can do every README flow
 * on a 390 px screen, without sideways scrolling): open the server's root, sign up with a new number
 * (the name step), find a grammY bot (its profile photo as its avatar), start it, press its inline
 * button (the answer's toast, the edit arriving live), write to it and read its answer, read a
 * verification code sent through the gateway in the service chat, and look at the conversation on
 * the inspector's timeline. After each step the page scrolls nowhere sideways, and each control the
 * person uses lies within the screen's width.
 */
import { Bot, InlineKeyboard, InputFile } from 'grammy';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { phone } from '../helpers/in-process.js';
import { setupGateway } from '../helpers/gateway.js';
import { waitFor } from '../helpers/wait-for.js';
import { describeWithBrowser, sidewaysScroll, browserWorld } from '../helpers/browser.js';
import { png } from '../helpers/media-bytes.js';

const PHONE = { width: 390, height: 844 };

describeWithBrowser('the README’s flows on a 390 px phone', () => {
  const world = browserWorld();
  let bot: Bot;

  beforeAll(async () => {
    const created = await world.server.control.createBot({
      username: 'readme_phone_bot',
      first_name: 'Counter',
    });
    bot = new Bot(created.token, { client: { apiRoot: world.server.url } });
    await bot.api.setMyProfilePhoto({ type: 'static', photo: new InputFile(png(96, 96), 'me.png') });
    let count = 0;
    bot.command('start', (ctx) =>
      ctx.reply('Hello! Press to <b>count</b>.', {
        parse_mode: 'HTML',
        reply_markup: new InlineKeyboard().text('Count', 'count'),
      }),
    );
    bot.callbackQuery('count', async (ctx) => {
      count += 1;
      await ctx.answerCallbackQuery(`Counted ${count}`);
      await ctx.editMessageText(`Count: ${count}`, {
        reply_markup: new InlineKeyboard().text('Count', 'count'),
      });
    });
    bot.on('message:text', (ctx) => ctx.reply(`echo: ${ctx.msg.text}`));
    void bot.start({ drop_pending_updates: true, timeout: 1 });
    await waitFor(() => bot.isRunning(), { what: 'the bot polling' });
  }, 60_000);

  afterAll(async () => {
    await bot?.stop();
  });

  /** The page does not scroll sideways, and neither does the open chat's history. */
  async function noSidewaysScroll(page: Page) {
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    const history = page.locator('ol.messages');
    if ((await history.count()) === 1 && (await history.isVisible()))
      expect(await history.evaluate((list) => list.scrollWidth - list.clientWidth)).toBeLessThanOrEqual(0);
  }

  /** The control is shown whole within the screen's width (not pushed past its right edge). */
  async function withinWidth(control: Locator) {
    const box = await control.boundingBox();
    expect(box, 'the control is shown').not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  }

  async function use(control: Locator) {
    await expect.poll(() => control.count(), { timeout: 15_000 }).toBe(1);
    await control.scrollIntoViewIfNeeded();
    await withinWidth(control);
    await control.click();
  }

  it('signs up, starts a bot, presses its button, reads a code and the timeline, never scrolling sideways', async () => {
    const context = await world.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const number = phone();

    // The server's root leads to the web client; a new number asks for a name.
    await page.goto(world.server.url + '/');
    await noSidewaysScroll(page);
    await page.getByLabel('Phone number').fill(number);
    await use(page.getByRole('button', { name: 'Sign in' }));
    const step = page.getByRole('form', { name: 'Create your account' });
    await expect.poll(() => step.count(), { timeout: 15_000 }).toBe(1);
    await noSidewaysScroll(page);
    await step.getByLabel('First name').fill('Pia');
    await use(step.getByRole('button', { name: 'Sign up' }));
    await expect
      .poll(() => page.getByRole('button', { name: 'Sign out' }).count(), { timeout: 15_000 })
      .toBe(1);
    await noSidewaysScroll(page);

    // The bot is offered; opening it shows Start; its answer has a button, pressed: toast and edit.
    await use(page.getByRole('button', { name: /Counter/ }));
    await use(page.getByRole('button', { name: 'Start' }));
    const hello = page.getByRole('article').filter({ hasText: 'Hello! Press to count.' });
    await expect.poll(() => hello.count(), { timeout: 15_000 }).toBe(1);
    await noSidewaysScroll(page);
    await use(hello.getByRole('button', { name: 'Count' }));
    await expect.poll(() => page.getByRole('status').textContent(), { timeout: 15_000 }).toBe('Counted 1');
    const edited = page.getByRole('article').filter({ hasText: 'Count: 1' });
    await expect.poll(() => edited.count(), { timeout: 15_000 }).toBe(1);
    expect(await edited.getByText('edited').count()).toBe(1);
    await noSidewaysScroll(page);

    // Writing to the bot: its answer arrives live.
    const composer = page.getByLabel('Message');
    await withinWidth(composer);
    await composer.fill('hello from a phone');
    await use(page.getByRole('button', { name: 'Send' }));
    await expect
      .poll(() => page.getByRole('article').filter({ hasText: 'echo: hello from a phone' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await noSidewaysScroll(page);

    // Back in the list, the bot's chat shows its profile photo as its avatar.
    await use(page.getByRole('button', { name: 'Back to chats' }));
    const entry = page.getByRole('navigation', { name: 'Chats' }).getByRole('button', { name: /Counter/ });
    await expect
      .poll(
        () =>
          entry
            .locator('.avatar img')
            .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)
            .catch(() => 0),
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    await noSidewaysScroll(page);

    // A verification code sent to the person arrives in the service chat, which has no composer.
    const gw = await setupGateway(world.server);
    const sent = await gw.call('sendVerificationMessage', { phone_number: number, code_length: 6 });
    expect(sent.body.ok).toBe(true);
    const [inbox] = await world.server.control.getVerificationInbox(number);
    await use(
      page.getByRole('region', { name: 'Service' }).getByRole('button', { name: /Verification Codes/ }),
    );
    await expect
      .poll(() => page.getByRole('article').filter({ hasText: inbox!.code! }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await page.getByLabel('Message').count()).toBe(0);
    await noSidewaysScroll(page);

    // The inspector's timeline shows the conversation; an event opens its raw request.
    await page.goto(world.server.url + '/web/#inspector');
    const events = page.getByRole('table', { name: 'Events' });
    await expect.poll(() => events.isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByLabel('Search').fill('hello from a phone');
    const answer = events.getByRole('button', { name: 'sendMessage' });
    await expect.poll(() => answer.count(), { timeout: 15_000 }).toBe(1);
    await use(answer);
    await expect
      .poll(() => page.getByRole('region', { name: 'Request' }).textContent(), { timeout: 15_000 })
      .toContain('"text": "echo: hello from a phone"');
    await noSidewaysScroll(page);
    await context.close();
  });
});
