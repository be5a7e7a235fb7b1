/**
 * The web client in a real world.browser (ADR 0055): a person signs in, starts a chat with a bot written
 * with grammY, sees its answer, presses an inline button (the callback answer shows as a toast) and
 * sees the bot's edit arrive live, with no reload; a message the bot sends on its own appears too,
 * and the chat list counts what is unread in a chat that is not open; the open chat is read again
 * when the person's event stream starts listening, so nothing sent before that is missed.
 */
import { Bot, InlineKeyboard } from 'grammy';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { phone } from '../helpers/in-process.js';
import { describeWithBrowser, browserWorld } from '../helpers/browser.js';

describeWithBrowser('the web client', () => {
  const world = browserWorld();
  let bot: Bot;
  let botRecord: { id: number; username: string; first_name: string };

  beforeAll(async () => {
    const created = await world.server.control.createBot({
      username: 'counter_web_bot',
      first_name: 'Counter',
    });
    botRecord = { id: created.id, username: created.username!, first_name: created.first_name };
    bot = new Bot(created.token, { client: { apiRoot: world.server.url } });
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
    void bot.start({ drop_pending_updates: true });
  }, 60_000);

  afterAll(async () => {
    await bot?.stop();
  });

  async function signIn(page: Page, phoneNumber: string) {
    await page.goto(world.server.url + '/');
    await page.getByLabel('Phone number').fill(phoneNumber);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('signs a person in, chats with a bot, presses a button and sees the edit live', async () => {
    const alice = await world.server.control.createUser({ phone_number: phone(), first_name: 'Alice' });
    const page = await world.browser.newPage();
    await signIn(page, alice.phone_number!);

    await page.getByRole('button', { name: /Counter/ }).click();
    await page.getByRole('button', { name: 'Start' }).click();
    const hello = page.getByRole('article').filter({ hasText: 'Hello! Press to count.' });
    await expect.poll(() => hello.count(), { timeout: 15_000 }).toBe(1);
    // The entity is rendered: "count" is bold.
    expect(await hello.locator('strong').textContent()).toBe('count');

    await hello.getByRole('button', { name: 'Count' }).click();
    await expect.poll(() => page.getByRole('status').textContent(), { timeout: 15_000 }).toBe('Counted 1');
    const edited = page.getByRole('article').filter({ hasText: 'Count: 1' });
    await expect.poll(() => edited.count(), { timeout: 15_000 }).toBe(1);
    expect(await edited.getByText('edited').count()).toBe(1);

    // A message the bot sends on its own arrives live.
    await bot.api.sendMessage(alice.id, 'A *note* from the bot', { parse_mode: 'MarkdownV2' });
    const note = page.getByRole('article').filter({ hasText: 'A note from the bot' });
    await expect.poll(() => note.count(), { timeout: 15_000 }).toBe(1);
    await page.close();
  });

  it('reads the open chat again once its event stream connects: a message sent before that shows', async () => {
    const carol = await world.server.control.createUser({ phone_number: phone(), first_name: 'Carol' });
    await world.server.control.sendMessage({
      from: carol.id,
      chat: `@${botRecord.username}`,
      text: 'hi there',
    });
    // The person's event stream is held back until the bot's message is sent (a slow connection,
    // a busy server): the chat's first read comes before the message, the stream's start after it.
    const context = await world.browser.newContext();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/web/api/events*', async (route) => {
      await held;
      await route.continue();
    });
    const page = await context.newPage();
    await signIn(page, carol.phone_number!);
    await page.getByRole('button', { name: /Counter/ }).click();
    await expect
      .poll(() => page.getByRole('article').filter({ hasText: 'hi there' }).count(), { timeout: 15_000 })
      .toBe(1);

    await bot.api.sendMessage(carol.id, 'Sent before the stream listened');
    release();
    const late = page.getByRole('article').filter({ hasText: 'Sent before the stream listened' });
    await expect.poll(() => late.count(), { timeout: 15_000 }).toBe(1);
    await context.close();
  });

  it('types in the composer with Enter, and counts unread messages of a chat that is not open', async () => {
    const bob = await world.server.control.createUser({ phone_number: phone(), first_name: 'Bob' });
    const page = await world.browser.newPage();
    await signIn(page, bob.phone_number!);
    await page.getByRole('button', { name: /Counter/ }).click();
    await page.getByRole('button', { name: 'Start' }).click();
    await expect.poll(() => page.getByRole('article').count(), { timeout: 15_000 }).toBe(2);

    const composer = page.getByLabel('Message');
    await composer.fill('hi there');
    await composer.press('Enter');
    await expect.poll(() => page.getByRole('article').filter({ hasText: 'hi there' }).count()).toBe(1);
    const [stored] = await world.server.control.listMessages({
      user: bob.id,
      chat: `@${botRecord.username}`,
      limit: 1,
    });
    expect(stored).toMatchObject({ text: 'hi there', from: { id: bob.id } });

    // Sign out: the chat list is gone and the session's token is refused.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => page.getByLabel('Phone number').count()).toBe(1);

    // Bob signs in again in a new tab; the bot writes twice while no chat is open there.
    const again = await world.browser.newPage();
    await signIn(again, bob.phone_number!);
    const chatButton = again.getByRole('button', { name: /Counter/ });
    await expect.poll(() => chatButton.count(), { timeout: 15_000 }).toBe(1);
    await bot.api.sendMessage(bob.id, 'one');
    await bot.api.sendMessage(bob.id, 'two');
    await expect.poll(() => again.getByLabel('2 unread').count(), { timeout: 15_000 }).toBe(1);
    await chatButton.click();
    await expect.poll(() => again.getByRole('article').filter({ hasText: 'two' }).count()).toBe(1);
    await expect.poll(() => again.getByLabel('2 unread').count()).toBe(0);
    await page.close();
    await again.close();
  });
});
