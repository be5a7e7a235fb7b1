/**
 * The web client from a 360 px phone to a wide screen (issue 29, ADR 0098): one pane at a time on a
 * phone (the chat list, then the chat with Back), both side by side from 720 px, and nothing
 * scrolls sideways: the list, a chat with a long word and URL and a photo, a group with its admin
 * panels open, the inspector. A chat opens at its newest message, also once its images loaded and
 * after the person sends a photo.
 */
import { Api, InputFile } from 'grammy';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { phone } from '../helpers/in-process.js';
import { describeWithBrowser, sidewaysScroll, browserWorld } from '../helpers/browser.js';
import { png } from '../helpers/media-bytes.js';

const PHONE = { width: 390, height: 844 };
const NARROW = { width: 360, height: 740 };
const WIDE = { width: 1280, height: 800 };

describeWithBrowser('the web client’s layout', () => {
  const world = browserWorld();
  let api: Api;
  let botUsername: string;

  beforeAll(async () => {
    const created = await world.server.control.createBot({
      username: 'layout_web_bot',
      first_name: 'Layout',
    });
    botUsername = created.username!;
    api = new Api(created.token, { apiRoot: world.server.url });
  }, 60_000);

  const signedIn = world.signedIn;
  const sideways = sidewaysScroll;

  /** A person with a chat with the bot: a long word, a long URL, a photo, and `count` lines more. */
  async function personWithChat(name: string, count = 3) {
    const person = await world.server.control.createUser({ phone_number: phone(), first_name: name });
    await world.server.control.sendMessage({ from: person.id, chat: `@${botUsername}`, text: '/start' });
    await api.sendMessage(person.id, 'Supercalifragilisticexpialidocious'.repeat(6));
    await api.sendMessage(person.id, `https://example.com/${'a-very-long-path-segment/'.repeat(8)}`);
    for (let i = 1; i <= count; i++) await api.sendMessage(person.id, `line ${i}`);
    await api.sendPhoto(person.id, new InputFile(png(1200, 900), 'wide.png'), { caption: 'the newest' });
    return person;
  }

  async function openChat(page: Page) {
    await page.getByRole('button', { name: /Layout/ }).click();
    const newest = page.getByRole('article').filter({ hasText: 'the newest' });
    await expect.poll(() => newest.locator('img').count(), { timeout: 15_000 }).toBe(1);
    // The photo's image has loaded (it has its size).
    await expect
      .poll(() =>
        newest.locator('img').evaluate((img) => {
          const image = img as unknown as { complete: boolean; naturalWidth: number };
          return image.complete ? image.naturalWidth : 0;
        }),
      )
      .toBeGreaterThan(0);
    return newest;
  }

  /** The chat's last bubble is in view, just above the composer (not some way up the history). */
  async function newestInView(page: Page) {
    const list = await page.locator('ol.messages').boundingBox();
    const composer = await page.locator('form.composer').boundingBox();
    const box = await page.locator('ol.messages article').last().boundingBox();
    if (!list || !composer || !box) return false;
    const bottom = box.y + box.height;
    return bottom <= list.y + list.height + 1 && bottom <= composer.y && bottom >= list.y + list.height - 40;
  }

  it('shows one pane at a time on a phone, with Back, and both from 720 px', async () => {
    const person = await personWithChat('Pia');
    const { context, page } = await signedIn(PHONE, person.phone_number!);
    const list = page.getByRole('navigation', { name: 'Chats' });
    expect(await list.isVisible()).toBe(true);
    expect(await page.getByText('Pick a chat').isVisible()).toBe(false);

    await openChat(page);
    expect(await list.isVisible()).toBe(false);
    const back = page.getByRole('button', { name: 'Back to chats' });
    expect(await back.isVisible()).toBe(true);
    await back.click();
    await expect.poll(() => list.isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Layout' }).count()).toBe(0);

    // Wide: the list and the chat side by side, no Back.
    await page.setViewportSize(WIDE);
    await openChat(page);
    expect(await list.isVisible()).toBe(true);
    expect(await back.isVisible()).toBe(false);
    const listBox = (await list.boundingBox())!;
    const chatBox = (await page.getByRole('region', { name: 'Layout' }).boundingBox())!;
    expect(chatBox.x).toBeGreaterThanOrEqual(listBox.x + listBox.width - 1);
    await context.close();
  });

  it('never scrolls sideways at 360 and 390 px: the list, a chat, a group’s panels, the inspector', async () => {
    const person = await personWithChat('Quinn');
    const group = await world.server.control.createChat({
      owner: person.id,
      title: 'A group with a rather long title for a phone',
      type: 'supergroup',
    });
    for (const viewport of [NARROW, PHONE]) {
      const { context, page } = await signedIn(viewport, person.phone_number!);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await openChat(page);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      // The bubbles themselves stay inside the history.
      const overflow = await page
        .locator('ol.messages')
        .evaluate((list) => list.scrollWidth - list.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await page.getByRole('button', { name: 'Back to chats' }).click();
      await page.getByRole('button', { name: /A group with a rather long title/ }).click();
      await page.getByRole('button', { name: 'Members' }).click();
      await expect.poll(() => page.locator('.group-panel').count(), { timeout: 15_000 }).toBe(1);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      const panel = (await page.locator('.group-panel').boundingBox())!;
      expect(panel.x).toBeGreaterThanOrEqual(0);
      expect(panel.x + panel.width).toBeLessThanOrEqual(viewport.width);

      await page.goto(world.server.url + '/web/#inspector');
      await expect
        .poll(() => page.getByRole('button', { name: 'Advance clock' }).count(), { timeout: 15_000 })
        .toBe(1);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await context.close();
    }
    expect(group.id).toBeLessThan(0);
  });

  it('opens a chat at its newest message, once its images loaded and after sending a photo', async () => {
    const person = await personWithChat('Rory', 30);
    for (const viewport of [PHONE, WIDE]) {
      const { context, page } = await signedIn(viewport, person.phone_number!);
      await openChat(page);
      await expect.poll(() => newestInView(page), { timeout: 15_000 }).toBe(true);

      // The person sends a photo: it shows at the end, in view, once loaded.
      const caption = `sent at ${viewport.width}`;
      await page.getByLabel('Message').fill(caption);
      await page
        .locator('#attach')
        .setInputFiles({ name: 'tall.png', mimeType: 'image/png', buffer: png(600, 1400) });
      const sent = page.getByRole('article').filter({ hasText: caption });
      await expect.poll(() => sent.locator('img').count(), { timeout: 15_000 }).toBe(1);
      await expect
        .poll(() =>
          sent.locator('img').evaluate((img) => {
            const image = img as unknown as { complete: boolean; naturalWidth: number };
            return image.complete ? image.naturalWidth : 0;
          }),
        )
        .toBeGreaterThan(0);
      await expect.poll(() => newestInView(page), { timeout: 15_000 }).toBe(true);
      await context.close();
    }
  });
});
