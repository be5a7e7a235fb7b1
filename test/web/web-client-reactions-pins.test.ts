/**
 * Reactions and pins in the web client, in a real world.browser (ADR 0055), against a grammY bot: the
 * person reacts to the bot's message (the chip shows the count, pressed; the bot hears
 * message_reaction), changes and removes it; pins the message (the pinned bar shows it, the bot
 * sees pinned_message) and unpins it.
 */
import { Bot } from 'grammy';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { phone } from '../helpers/in-process.js';
import { describeWithBrowser, browserWorld } from '../helpers/browser.js';

describeWithBrowser('the web client: reactions and pins', () => {
  const world = browserWorld();
  let bot: Bot;
  const reactions: string[][] = [];
  const pins: string[] = [];

  beforeAll(async () => {
    const created = await world.server.control.createBot({
      username: 'pinboard_web_bot',
      first_name: 'Pinboard',
    });
    bot = new Bot(created.token, { client: { apiRoot: world.server.url } });
    bot.command('start', (ctx) => ctx.reply('Hello, react to me'));
    bot.on('message_reaction', (ctx) => {
      reactions.push(ctx.messageReaction.new_reaction.map((r) => (r.type === 'emoji' ? r.emoji : r.type)));
    });
    bot.on('message:pinned_message', (ctx) => {
      const pinned = ctx.message.pinned_message as { text?: string };
      pins.push(pinned.text ?? '');
    });
    void bot.start({ drop_pending_updates: true, allowed_updates: ['message', 'message_reaction'] });
  }, 60_000);

  afterAll(async () => {
    await bot?.stop();
  });

  it('reacts, changes and removes a reaction; pins and unpins', async () => {
    const person = await world.server.control.createUser({ phone_number: phone(), first_name: 'Rae' });
    const page = await world.browser.newPage();
    await page.goto(world.server.url + '/web/');
    await page.getByLabel('Phone number').fill(person.phone_number!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: /Pinboard/ }).click();
    await page.getByRole('button', { name: 'Start' }).click();
    const hello = page.getByRole('article').filter({ hasText: 'Hello, react to me' });
    await expect.poll(() => hello.count(), { timeout: 15_000 }).toBe(1);

    await hello.getByRole('button', { name: 'Actions' }).click();
    await hello.getByRole('group', { name: 'Reactions' }).getByRole('button', { name: '👍' }).click();
    const chip = hello.getByRole('button', { name: '👍 1' });
    await expect.poll(() => chip.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    await expect.poll(() => reactions, { timeout: 15_000 }).toEqual([['👍']]);

    await hello.getByRole('button', { name: 'Actions' }).click();
    await hello.getByRole('group', { name: 'Reactions' }).getByRole('button', { name: '🔥' }).click();
    await expect.poll(() => hello.getByRole('button', { name: '🔥 1' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await chip.count()).toBe(0);
    await hello.getByRole('button', { name: '🔥 1' }).click();
    await expect.poll(() => hello.getByRole('button', { name: '🔥 1' }).count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => reactions, { timeout: 15_000 }).toEqual([['👍'], ['🔥'], []]);

    await hello.getByRole('button', { name: 'Actions' }).click();
    await hello.getByRole('button', { name: 'Pin', exact: true }).click();
    const bar = page.getByRole('note', { name: 'Pinned' });
    await expect.poll(() => bar.textContent(), { timeout: 15_000 }).toContain('Hello, react to me');
    await expect.poll(() => pins, { timeout: 15_000 }).toEqual(['Hello, react to me']);
    await bar.getByRole('button', { name: 'Unpin' }).click();
    await expect.poll(() => bar.count(), { timeout: 15_000 }).toBe(0);
    await page.close();
  });
});
