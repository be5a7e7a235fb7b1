/**
 * The chat view a person would choose (issue 29, ADR 0098): day separators, avatars (the sender's
 * profile photo, initials otherwise), the message's actions behind its Actions button (Reply, Pin,
 * Copy text, a reaction) rather than always shown, sent and read on the person's own messages (read
 * once another person of the chat has read them), the time of each chat's newest message in the
 * chat list, icons as inline SVG, and a favicon.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { phone } from '../helpers/in-process.js';
import { describeWithBrowser, browserWorld } from '../helpers/browser.js';
import { png } from '../helpers/media-bytes.js';

describeWithBrowser('the web client’s chat view', () => {
  const world = browserWorld();
  let context: BrowserContext;

  beforeAll(async () => {
    context = await world.browser.newContext({
      viewport: { width: 1280, height: 800 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
  }, 60_000);

  async function signIn(phoneNumber: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(world.server.url + '/web/');
    await page.getByLabel('Phone number').fill(phoneNumber);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Sign out' }).count(), { timeout: 15_000 })
      .toBe(1);
    return page;
  }

  it('separates days, shows avatars, keeps actions behind a menu, and marks own messages sent, then read', async () => {
    const alice = await world.server.control.createUser({
      phone_number: phone(),
      first_name: 'Alice',
      last_name: 'Moss',
    });
    const bob = await world.server.control.createUser({
      phone_number: phone(),
      first_name: 'Bob',
      last_name: 'Reed',
    });
    const carol = await world.server.control.createUser({
      phone_number: phone(),
      first_name: 'Carol',
      last_name: 'Vance',
    });
    await world.server.control.addProfilePhoto({ user: alice.id, photo: { data: png(64, 64) } });
    const group = await world.server.control.createChat({
      owner: alice.id,
      title: 'Book club',
      type: 'supergroup',
    });
    await world.server.control.addChatMember({ by: alice.id, chat: group.id, user: bob.id });
    await world.server.control.addChatMember({ by: alice.id, chat: group.id, user: carol.id });
    await world.server.control.sendMessage({ from: alice.id, chat: group.id, text: 'from the day before' });
    await world.server.control.advanceClock(2 * 86_400);
    await world.server.control.sendMessage({ from: alice.id, chat: group.id, text: 'Welcome, Bob' });
    await world.server.control.sendMessage({ from: carol.id, chat: group.id, text: 'hi from Carol' });

    const page = await signIn(bob.phone_number!);
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
    // The chat list shows when the newest message came.
    const entry = page.getByRole('button', { name: /Book club/ });
    await expect.poll(() => entry.locator('time').textContent(), { timeout: 15_000 }).toMatch(/\d/);
    await entry.click();
    const welcome = page.getByRole('article').filter({ hasText: 'Welcome, Bob' });
    await expect.poll(() => welcome.count(), { timeout: 15_000 }).toBe(1);

    // Two days, two separators, each before its day's first message.
    const history = page.getByRole('list', { name: 'Chat history' });
    expect(await history.getByRole('separator').count()).toBe(2);
    const order = await history
      .locator('> li')
      .evaluateAll((items) =>
        items.map((item) =>
          (item as unknown as { className: string }).className.includes('day-separator') ? 'day' : 'msg',
        ),
      );
    expect(order.slice(0, 2)).toEqual(['day', 'msg']);
    expect(order.lastIndexOf('day')).toBeGreaterThan(1);

    // Avatars: Alice's photo, Carol's initials.
    const aliceItem = history.locator('li', { has: welcome });
    await expect
      .poll(
        () =>
          aliceItem
            .locator('.avatar img')
            .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
        {
          timeout: 15_000,
        },
      )
      .toBe(64);
    const carolItem = history.locator('li', {
      has: page.getByRole('article').filter({ hasText: 'hi from Carol' }),
    });
    expect(await carolItem.locator('.avatar').textContent()).toBe('CV');
    // The chat's header has its avatar too.
    expect(await page.locator('.chat > header .avatar').count()).toBe(1);

    // The actions are behind the message's Actions button.
    expect(await welcome.getByRole('button', { name: 'Reply' }).count()).toBe(0);
    expect(await welcome.getByRole('button', { name: 'Pin' }).count()).toBe(0);
    expect(await welcome.getByRole('button', { name: 'React' }).count()).toBe(0);
    await welcome.getByRole('button', { name: 'Actions' }).click();
    const menu = welcome.getByRole('group', { name: 'Message actions' });
    await menu.getByRole('button', { name: 'Copy text' }).click();
    expect(
      await page.evaluate(() =>
        (
          globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
        ).navigator.clipboard.readText(),
      ),
    ).toBe('Welcome, Bob');
    expect(await menu.count()).toBe(0);
    // A right click opens it too; a reaction from it shows on the message.
    await welcome.click({ button: 'right' });
    await menu.getByRole('group', { name: 'Reactions' }).getByRole('button', { name: '🎉' }).click();
    await expect
      .poll(() => welcome.getByRole('button', { name: '🎉 1' }).count(), { timeout: 15_000 })
      .toBe(1);

    // Bob's own message: sent; once Carol has read the chat, read.
    const composer = page.getByLabel('Message');
    await composer.fill('Thanks, Alice');
    await composer.press('Enter');
    const mine = page.getByRole('article').filter({ hasText: 'Thanks, Alice' });
    await expect.poll(() => mine.locator('.state').textContent(), { timeout: 15_000 }).toBe('Sent');
    expect(await mine.locator('.state svg').count()).toBe(1);
    // The newest message's actions open where they can be seen: upwards, inside the history.
    await mine.getByRole('button', { name: 'Actions' }).click();
    const menuBox = (await mine.getByRole('group', { name: 'Message actions' }).boundingBox())!;
    const historyBox = (await history.boundingBox())!;
    expect(menuBox.y).toBeGreaterThanOrEqual(historyBox.y);
    expect(menuBox.y + menuBox.height).toBeLessThanOrEqual(historyBox.y + historyBox.height);
    await page.keyboard.press('Escape');
    expect(await mine.getByRole('group', { name: 'Message actions' }).count()).toBe(0);
    const carolPage = await signIn(carol.phone_number!);
    await carolPage.getByRole('button', { name: /Book club/ }).click();
    await expect
      .poll(() => carolPage.getByRole('article').filter({ hasText: 'Thanks, Alice' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    // Bob's page hears that Carol read the chat: his message shows read, live.
    await expect.poll(() => mine.locator('.state').textContent(), { timeout: 15_000 }).toBe('Read');
    await carolPage.close();
    await page.close();
  });

  it('draws its icons as inline SVG', async () => {
    const dan = await world.server.control.createUser({ phone_number: phone(), first_name: 'Dan' });
    const other = await world.server.control.createUser({ phone_number: phone(), first_name: 'Eve' });
    const group = await world.server.control.createChat({ owner: dan.id, title: 'Icons', type: 'group' });
    await world.server.control.addChatMember({ by: dan.id, chat: group.id, user: other.id });
    const page = await signIn(dan.phone_number!);
    await page.getByRole('button', { name: /Icons/ }).click();
    const send = page.getByRole('button', { name: 'Send' });
    await expect.poll(() => send.count(), { timeout: 15_000 }).toBe(1);
    expect(await send.locator('svg').count()).toBe(1);
    const attach = page.locator('label.attach');
    expect(await attach.locator('svg').count()).toBe(1);
    expect(await attach.textContent()).toBe('Attach file');
    // Back shows on a phone only; its icon is there all the same.
    expect(await page.locator('button.back[aria-label="Back to chats"] svg').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Join by link' }).locator('svg').count()).toBe(1);
    // No emoji stands for an icon.
    expect(await page.locator('.chat').textContent()).not.toMatch(/📎|📌/u);
    await page.close();
  });
});
