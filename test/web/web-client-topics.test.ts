/**
 * Forum topics in the web client, in a real browser (ADR 0045, 0055): the person opens a forum,
 * creates a topic, writes in it (a grammY bot gets the message with its message_thread_id and
 * answers in the topic), and the topic shows only its own messages while General shows the rest.
 */
import { Bot } from 'grammy';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, phone, type TestServer } from '../helpers/in-process.js';
import { describeWithBrowser, ensurePageBuilt, launchBrowser } from '../helpers/browser.js';

describeWithBrowser('the web client: forum topics', () => {
  let server: TestServer;
  let browser: Browser;
  let bot: Bot;
  const heard: { text: string; thread?: number }[] = [];

  beforeAll(async () => {
    await ensurePageBuilt();
    server = await startServer();
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await bot?.stop();
    await browser?.close();
    await server?.close();
  });

  it('creates a topic, writes in it, and shows each topic its own messages', async () => {
    const owner = await server.control.createUser({ phone_number: phone(), first_name: 'Tess' });
    const created = await server.control.createBot({ username: 'topical_web_bot', first_name: 'Topical' });
    bot = new Bot(created.token, { client: { apiRoot: server.url } });
    bot.command('ping', async (ctx) => {
      heard.push({ text: ctx.message!.text, thread: ctx.message!.message_thread_id });
      await ctx.reply('pong', { message_thread_id: ctx.message!.message_thread_id });
    });
    void bot.start({ drop_pending_updates: true });
    const forum = await server.control.createChat({
      owner: owner.id,
      title: 'Builders',
      type: 'supergroup',
      forum: true,
      members: [created.id],
    });
    await server.control.sendMessage({ from: owner.id, chat: forum.id, text: 'hello everyone' });

    const page = await browser.newPage();
    await page.goto(server.url + '/web/');
    await page.getByLabel('Phone number').fill(owner.phone_number!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: /Builders/ }).click();
    const topics = page.getByRole('group', { name: 'Topics' });
    await expect
      .poll(() => topics.getByRole('button', { name: 'General' }).count(), { timeout: 15_000 })
      .toBe(1);
    await expect.poll(() => page.getByRole('article').filter({ hasText: 'hello everyone' }).count()).toBe(1);

    await topics.getByRole('button', { name: 'New topic' }).click();
    await page.getByLabel('Topic name').fill('Releases');
    await page.getByRole('button', { name: 'Create topic' }).click();
    const releases = topics.getByRole('button', { name: 'Releases' });
    await expect.poll(() => releases.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    // The topic shows its own messages only.
    await expect.poll(() => page.getByRole('article').filter({ hasText: 'hello everyone' }).count()).toBe(0);

    await page.getByLabel('Message').fill('/ping');
    await page.getByLabel('Message').press('Enter');
    await expect
      .poll(() => page.getByRole('article').filter({ hasText: 'pong' }).count(), { timeout: 15_000 })
      .toBe(1);
    const [topic] = (await server.control.listForumTopics({ user: owner.id, chat: forum.id })).filter(
      (t) => t.name === 'Releases',
    );
    expect(heard).toEqual([{ text: '/ping', thread: topic!.message_thread_id }]);

    await topics.getByRole('button', { name: 'General' }).click();
    await expect.poll(() => page.getByRole('article').filter({ hasText: 'hello everyone' }).count()).toBe(1);
    expect(await page.getByRole('article').filter({ hasText: 'pong' }).count()).toBe(0);
    await page.close();
  });
});
