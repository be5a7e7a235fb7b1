/**
 * The timeline in a real world.browser (ADR 0099): the inspector's first part shows a grammY bot's
 * conversation live (the update, its delivery by getUpdates, the bot's answer), is searched, opens
 * an event's raw request and answer, and is filtered by kind, bot and status.
 */
import { Bot } from 'grammy';
import { expect, it } from 'vitest';
import { userAndBot } from '../helpers/in-process.js';
import { waitFor } from '../helpers/wait-for.js';
import { describeWithBrowser, browserWorld } from '../helpers/browser.js';

describeWithBrowser('the inspector: the timeline', () => {
  const world = browserWorld();

  it("shows a grammY bot's conversation live, searched and filtered, with the raw request and answer", async () => {
    const { user, bot, token } = await userAndBot(world.server, 'timelineweb');
    const grammy = new Bot(token, { client: { apiRoot: world.server.url } });
    grammy.on('message:text', (ctx) => ctx.reply(`echo: ${ctx.msg.text}`));
    void grammy.start({ timeout: 1 });
    await waitFor(() => grammy.isRunning(), { what: 'the bot polling' });
    try {
      const page = await world.browser.newPage();
      await page.goto(world.server.url + '/web/#inspector');
      const events = page.getByRole('table', { name: 'Events' });
      await expect.poll(() => events.isVisible(), { timeout: 15_000 }).toBe(true);
      // The inspector's first part.
      expect(await page.locator('main.inspector h2').first().textContent()).toBe('Timeline');

      // Live: the conversation appears without a reload.
      await world.server.control.sendMessage({
        from: user.phone_number,
        chat: `@${bot.username}`,
        text: 'live hello',
      });
      await expect
        .poll(() => events.getByText('sendMessage → 200').count(), { timeout: 15_000 })
        .toBeGreaterThan(0);

      // Searched: only the events that mention the text (getUpdates' answer holds it too).
      await page.getByLabel('Search').fill('live hello');
      const kinds = async () => {
        const cells = await events.locator('tbody tr td:nth-child(2)').allTextContents();
        return [...new Set(cells)].sort();
      };
      await expect.poll(kinds, { timeout: 15_000 }).toEqual(['action', 'call', 'delivery', 'update']);
      await expect.poll(() => events.getByText('getMe').count()).toBe(0);

      // One click: the raw request and answer.
      await events.getByRole('button', { name: 'sendMessage' }).click();
      await expect
        .poll(() => page.getByRole('region', { name: 'Request' }).textContent())
        .toContain('"text": "echo: live hello"');
      await expect
        .poll(() => page.getByRole('region', { name: 'Answer' }).textContent())
        .toContain('"ok": true');

      // Filtered by kind, bot and status, as GET /control/timeline filters.
      const filters = page.getByRole('search', { name: 'Timeline filters' });
      await filters.getByLabel('Search').fill('');
      await filters.getByRole('combobox', { name: /^Kind/ }).selectOption('delivery');
      await filters.getByLabel('Bot').fill(`@${bot.username}`);
      await expect.poll(kinds, { timeout: 15_000 }).toEqual(['delivery']);
      const statuses = async () => [
        ...new Set(await events.locator('tbody tr td:nth-child(4)').allTextContents()),
      ];
      await filters.getByLabel('Status').fill('delivered');
      await expect.poll(statuses, { timeout: 15_000 }).toEqual(['delivered']);
      await filters.getByLabel('Status').fill('failed');
      await expect.poll(() => events.locator('tbody tr').count(), { timeout: 15_000 }).toBe(0);
      await filters.getByLabel('Bot').fill('@nobody_such_bot');
      await filters.getByLabel('Status').fill('');
      // A bot that does not exist: the refusal shows, not an empty list.
      const refusal = page.getByRole('region', { name: 'Timeline' }).getByRole('alert');
      await expect.poll(() => refusal.count(), { timeout: 15_000 }).toBe(1);
      await page.close();
    } finally {
      await grammy.stop();
    }
  });
});
