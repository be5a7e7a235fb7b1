/**
 * Search in the web client (issue 29, ADR 0101), at 390 and 1280 px: the box above the chat list
 * filters the chats by name and lists the messages of every chat that hold the words; picking one
 * opens its chat scrolled to it and highlighted; a chat's own search finds its messages. A message
 * older than the chat's newest 100 opens among the messages around it (`?around=`, ADR 0101
 * addendum), highlighted, with a way back to the newest. Nothing scrolls sideways.
 */
import { Api } from 'grammy';
import type { Locator } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { phone } from '../helpers/in-process.js';
import { describeWithBrowser, sidewaysScroll, browserWorld } from '../helpers/browser.js';

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 800 };

describeWithBrowser('search in the web client', () => {
  const world = browserWorld();
  let api: Api;
  let botUsername: string;

  beforeAll(async () => {
    const created = await world.server.control.createBot({
      username: 'search_web_bot',
      first_name: 'Gardener',
    });
    botUsername = created.username!;
    api = new Api(created.token, { apiRoot: world.server.url });
  }, 60_000);

  const signedIn = world.signedIn;
  const sideways = sidewaysScroll;

  /** Whether the bubble's item is highlighted and inside the visible part of the chat's history. */
  const highlightedInView = (item: Locator) =>
    item.evaluate((element) => {
      const li = element as unknown as {
        classList: { contains(name: string): boolean };
        getBoundingClientRect(): { top: number; bottom: number };
        closest(selector: string): { getBoundingClientRect(): { top: number; bottom: number } } | null;
      };
      const box = li.getBoundingClientRect();
      const list = li.closest('ol.messages')!.getBoundingClientRect();
      return li.classList.contains('highlighted') && box.top >= list.top && box.bottom <= list.bottom;
    });

  it('finds chats by name and messages across chats and in a chat, at 390 and 1280 px', async () => {
    const person = await world.server.control.createUser({ phone_number: phone(), first_name: 'Rosa' });
    await world.server.control.sendMessage({ from: person.id, chat: `@${botUsername}`, text: '/start' });
    await api.sendMessage(person.id, 'The rhubarb recipe: stew it with ginger');
    await api.sendMessage(person.id, 'A zebra crossing the allotment');
    // Enough after them that the chat opens far below them.
    for (let i = 1; i <= 40; i++) await api.sendMessage(person.id, `filler line ${i}`);
    const friend = await world.server.control.createUser({ phone_number: phone(), first_name: 'Ada' });
    const group = await world.server.control.createChat({
      owner: friend.id,
      title: 'Allotment friends',
      members: [person.id],
    });
    await world.server.control.sendMessage({
      from: friend.id,
      chat: group.id,
      text: 'Rhubarb season starts now',
    });

    for (const viewport of [PHONE, WIDE]) {
      const { context, page } = await signedIn(viewport, person.phone_number!);
      const box = page.getByRole('searchbox', { name: 'Search all chats' });

      // Chats by name as the person types; no message holds "garden" but the bot's name does.
      await box.fill('garden');
      const foundChats = page.getByRole('list', { name: 'Matching chats' });
      await expect.poll(() => foundChats.getByRole('button').allInnerTexts()).toEqual(['G\nGardener']);
      await expect.poll(() => page.getByText('No messages found.').count(), { timeout: 15_000 }).toBe(1);

      // Messages across chats, newest first, each with its chat.
      await box.fill('RHUB');
      const foundMessages = page.getByRole('list', { name: 'Search results' }).getByRole('button');
      await expect
        .poll(() => foundMessages.allInnerTexts(), { timeout: 15_000 })
        .toEqual([
          expect.stringMatching(/^Allotment friends\n.*\nAda: Rhubarb season starts now$/s),
          expect.stringMatching(/^Gardener\n.*\nThe rhubarb recipe: stew it with ginger$/s),
        ]);
      expect(await page.getByRole('list', { name: 'Matching chats' }).count()).toBe(0);
      expect(await sideways(page)).toBeLessThanOrEqual(0);

      // Picking the older one opens the bot's chat scrolled up to it, highlighted.
      await foundMessages.nth(1).click();
      const chat = page.getByRole('region', { name: 'Gardener' });
      const recipe = chat.locator('li.message').filter({ hasText: 'The rhubarb recipe' });
      await expect.poll(() => recipe.count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => highlightedInView(recipe), { timeout: 15_000 }).toBe(true);
      expect(await sideways(page)).toBeLessThanOrEqual(0);

      // The chat's own search: only this chat's messages; picking one moves the highlight.
      await chat.getByRole('button', { name: 'Search this chat' }).click();
      await chat.getByRole('searchbox', { name: 'Search this chat' }).fill('zebr allot');
      const inChat = chat.getByRole('list', { name: 'Search results' }).getByRole('button');
      await expect
        .poll(() => inChat.allInnerTexts(), { timeout: 15_000 })
        .toEqual([expect.stringMatching(/^Gardener\n.*\nA zebra crossing the allotment$/s)]);
      await chat.locator('ol.messages').evaluate((list) => {
        (list as unknown as { scrollTop: number; scrollHeight: number }).scrollTop = 1e9;
      });
      await inChat.first().click();
      const zebra = chat.locator('li.message').filter({ hasText: 'A zebra crossing' });
      await expect.poll(() => highlightedInView(zebra), { timeout: 15_000 }).toBe(true);
      expect(
        await recipe.evaluate((li) =>
          (li as unknown as { classList: { contains(name: string): boolean } }).classList.contains(
            'highlighted',
          ),
        ),
      ).toBe(false);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await context.close();
    }
  });

  it('opens a result older than the newest 100 at its place, and goes back to the newest', async () => {
    const person = await world.server.control.createUser({ phone_number: phone(), first_name: 'Olga' });
    await world.server.control.sendMessage({ from: person.id, chat: `@${botUsername}`, text: '/start' });
    for (let i = 1; i <= 160; i++)
      await api.sendMessage(person.id, i === 20 ? 'An ancient pumpkin almanac' : `old line ${i}`);

    for (const viewport of [PHONE, WIDE]) {
      const { context, page } = await signedIn(viewport, person.phone_number!);
      await page.getByRole('searchbox', { name: 'Search all chats' }).fill('pumpkin alman');
      const found = page.getByRole('list', { name: 'Search results' }).getByRole('button');
      await expect.poll(() => found.count(), { timeout: 15_000 }).toBe(1);
      await found.first().click();

      const chat = page.getByRole('region', { name: 'Gardener' });
      const pumpkin = chat.locator('li.message').filter({ hasText: 'An ancient pumpkin almanac' });
      await expect.poll(() => pumpkin.count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => highlightedInView(pumpkin), { timeout: 15_000 }).toBe(true);
      // Its surroundings, not the newest: the chat's first message (/start, 20 before it) is
      // shown and its newest (old line 160, message 161) is not; no note says it is missing.
      const byId = (id: number) => chat.locator(`ol.messages > li[data-message-id="${id}"]`);
      expect(await byId(1).count()).toBe(1);
      expect(await byId(71).count()).toBe(1);
      expect(await byId(72).count()).toBe(0);
      expect(await byId(161).count()).toBe(0);
      expect(await page.getByText('not among the messages this chat shows').count()).toBe(0);
      expect(await sideways(page)).toBeLessThanOrEqual(0);

      // Back to the newest: on a phone by scrolling to the end, wide by the control.
      const newest = chat.getByRole('button', { name: 'Newest messages' });
      expect(await newest.count()).toBe(1);
      if (viewport === PHONE) {
        await chat.locator('ol.messages').evaluate((list) => {
          const element = list as unknown as { scrollTop: number; scrollHeight: number };
          element.scrollTop = element.scrollHeight;
        });
      } else {
        await newest.click();
      }
      await expect.poll(() => byId(161).count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => pumpkin.count(), { timeout: 15_000 }).toBe(0);
      expect(await newest.count()).toBe(0);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await context.close();
    }
  });
});
