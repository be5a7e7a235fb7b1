/**
 * Forum topics in the web client, in a real world.browser (ADR 0045, 0055): the person opens a forum,
 * creates a topic, writes in it (a grammY bot gets the message with its message_thread_id and
 * answers in the topic), and the topic shows only its own messages while General shows the rest.
 */
import { Bot } from 'grammy';
import { afterAll, expect, it } from 'vitest';
import { phone } from '../helpers/in-process.js';
import { describeWithBrowser, browserWorld } from '../helpers/browser.js';

describeWithBrowser('the web client: forum topics', () => {
  const world = browserWorld();
  let bot: Bot;
  const heard: { text: string; thread?: number }[] = [];

  afterAll(async () => {
    await bot?.stop();
  });

  it('creates a topic, writes in it, and shows each topic its own messages', async () => {
    const owner = await world.server.control.createUser({ phone_number: phone(), first_name: 'Tess' });
    const created = await world.server.control.createBot({
      username: 'topical_web_bot',
      first_name: 'Topical',
    });
    bot = new Bot(created.token, { client: { apiRoot: world.server.url } });
    bot.command('ping', async (ctx) => {
      heard.push({ text: ctx.message!.text, thread: ctx.message!.message_thread_id });
      await ctx.reply('pong', { message_thread_id: ctx.message!.message_thread_id });
    });
    void bot.start({ drop_pending_updates: true });
    const forum = await world.server.control.createChat({
      owner: owner.id,
      title: 'Builders',
      type: 'supergroup',
      forum: true,
      members: [created.id],
    });
    await world.server.control.sendMessage({ from: owner.id, chat: forum.id, text: 'hello everyone' });

    const page = await world.browser.newPage();
    await page.goto(world.server.url + '/web/');
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
    const [topic] = (await world.server.control.listForumTopics({ user: owner.id, chat: forum.id })).filter(
      (t) => t.name === 'Releases',
    );
    expect(heard).toEqual([{ text: '/ping', thread: topic!.message_thread_id }]);

    await topics.getByRole('button', { name: 'General' }).click();
    await expect.poll(() => page.getByRole('article').filter({ hasText: 'hello everyone' }).count()).toBe(1);
    expect(await page.getByRole('article').filter({ hasText: 'pong' }).count()).toBe(0);
    await page.close();
  });
});
