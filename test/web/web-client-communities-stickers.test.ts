/**
 * Communities and the sticker picker in the web client, in a real world.browser (ADR 0090), with a bot
 * written with grammY: the person creates a community, adds a supergroup they created and removes
 * it (the bot gets community_chat_added and community_chat_removed; the chat shows both service
 * lines, getChat and the members panel the community meanwhile); another person picks a sticker of
 * a set no message brought them, and the bot gets it as in its set.
 */
import { Bot, InputFile } from 'grammy';
import type { Message, Update } from 'grammy/types';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { phone } from '../helpers/in-process.js';
import { describeWithBrowser, screenshotPath, signInPage, browserWorld } from '../helpers/browser.js';
import { png } from '../helpers/media-bytes.js';
import { waitFor } from '../helpers/wait-for.js';

describeWithBrowser('communities and stickers in the web client', () => {
  const world = browserWorld();
  let bot: Bot;
  let botId: number;
  const updates: Update[] = [];

  beforeAll(async () => {
    // Privacy mode off: the bot hears every message of its groups (stickers too).
    const created = await world.server.control.createBot({
      username: 'hub_web_bot',
      first_name: 'Hub',
      can_read_all_group_messages: true,
    });
    botId = created.id;
    bot = new Bot(created.token, { client: { apiRoot: world.server.url } });
    bot.use((ctx) => {
      updates.push(ctx.update);
    });
    bot.catch(() => undefined);
    await new Promise<void>(
      (resolve) => void bot.start({ drop_pending_updates: true, onStart: () => resolve() }),
    );
  }, 60_000);

  afterAll(async () => {
    await bot?.stop();
  });

  const messages = (chatId: number): Message[] =>
    updates.flatMap((u) => (u.message?.chat.id === chatId ? [u.message] : []));

  it('creates a community, adds a supergroup and removes it', async () => {
    const alice = await world.server.control.createUser({ phone_number: phone(), first_name: 'Alice' });
    const garden = await world.server.control.createChat({
      owner: alice.id,
      title: 'Garden',
      type: 'supergroup',
      members: [botId],
    });
    // A supergroup Alice only joined is not hers to add.
    const carol = await world.server.control.createUser({ phone_number: phone(), first_name: 'Carol' });
    await world.server.control.createChat({
      owner: carol.id,
      title: 'Not mine',
      type: 'supergroup',
      members: [alice.id],
    });

    const page = await signInPage(
      await world.browser.newContext(),
      world.server.url + '/',
      alice.phone_number!,
    );
    await page.getByRole('button', { name: 'Profile' }).click();
    const panel = page.getByRole('region', { name: 'Profile' });
    await panel.getByLabel('Community name').fill('Green things');
    await panel.getByRole('button', { name: 'Create community' }).click();
    const community = panel.getByRole('region', { name: 'Community Green things' });
    await expect.poll(() => community.count(), { timeout: 15_000 }).toBe(1);
    const choice = community.getByLabel('Add a chat to Green things');
    await expect
      .poll(() => choice.locator('option').allTextContents(), { timeout: 15_000 })
      .toEqual(['Garden']);
    await choice.selectOption({ label: 'Garden' });
    await community.getByRole('button', { name: 'Add chat' }).click();
    const chats = community.getByRole('list', { name: 'Chats of Green things' });
    await expect
      .poll(() => chats.getByRole('listitem').allTextContents(), { timeout: 15_000 })
      .toEqual([expect.stringContaining('Garden')]);

    const profileShot = screenshotPath('web-client-profile');
    if (profileShot) await page.screenshot({ path: profileShot });

    // The bot hears it as a service message, and getChat shows the community.
    const added = await waitFor(() => messages(garden.id).find((m) => m.community_chat_added), {
      timeoutMs: 15_000,
      what: 'community_chat_added',
    });
    expect(added.community_chat_added!.community.name).toBe('Green things');
    expect(added.from?.id).toBe(alice.id);
    expect((await bot.api.getChat(garden.id)).community).toEqual(added.community_chat_added!.community);

    // The chat list shows it as the chat's newest message; the panel closes to open the chat.
    await panel.getByRole('button', { name: 'Close' }).click();
    const gardenEntry = page
      .getByRole('navigation', { name: 'Chats' })
      .getByRole('button', { name: /Garden/ });
    await expect
      .poll(() => gardenEntry.textContent(), { timeout: 15_000 })
      .toContain('Alice added the group to the community "Green things"');
    await gardenEntry.click();
    const line = (text: string) =>
      page.getByRole('list', { name: 'Chat history' }).getByRole('listitem').filter({ hasText: text });
    await expect
      .poll(() => line('Alice added the group to the community "Green things"').count(), { timeout: 15_000 })
      .toBe(1);
    await page.getByRole('button', { name: 'Members' }).click();
    const members = page.getByRole('region', { name: 'Group members' });
    await expect.poll(() => members.getByText('In the community').count(), { timeout: 15_000 }).toBe(1);
    expect(await members.textContent()).toContain('Green things');

    await page.getByRole('button', { name: 'Profile' }).click();
    await community.getByRole('button', { name: 'Remove Garden from Green things' }).click();
    await expect.poll(() => chats.getByRole('listitem').count(), { timeout: 15_000 }).toBe(0);
    await expect
      .poll(() => messages(garden.id).some((m) => m.community_chat_removed), { timeout: 15_000 })
      .toBe(true);
    await expect
      .poll(() => line('Alice removed the group from its community').count(), { timeout: 15_000 })
      .toBe(1);
    expect((await bot.api.getChat(garden.id)).community).toBeUndefined();
    // The panel reads the chat again on its change: no community now.
    await expect.poll(() => members.getByText('In the community').count(), { timeout: 15_000 }).toBe(0);
  });

  it('sends a sticker picked from a set no message brought', async () => {
    const olga = await world.server.control.createUser({ phone_number: phone(), first_name: 'Olga' });
    const bob = await world.server.control.createUser({ phone_number: phone(), first_name: 'Bob' });
    const setName = 'cats_by_hub_web_bot';
    await bot.api.createNewStickerSet(olga.id, setName, 'Cats', [
      { sticker: new InputFile(png(512, 512), 'a.png'), format: 'static', emoji_list: ['😺'] },
      { sticker: new InputFile(png(512, 400), 'b.png'), format: 'static', emoji_list: ['🙀'] },
    ]);
    const set = await bot.api.getStickerSet(setName);
    const group = await world.server.control.createChat({
      owner: olga.id,
      title: 'Cat lovers',
      type: 'supergroup',
      members: [bob.id, botId],
    });

    const page = await signInPage(
      await world.browser.newContext(),
      world.server.url + '/',
      bob.phone_number!,
    );
    await page.getByRole('button', { name: /Cat lovers/ }).click();
    await page.getByRole('button', { name: 'Stickers' }).click();
    const picker = page.getByRole('region', { name: 'Stickers' });
    await picker.getByLabel('Sticker set', { exact: true }).fill('Cats_By_Hub_Web_Bot');
    await picker.getByLabel('Sticker set', { exact: true }).press('Enter');
    const second = picker.getByRole('button', { name: 'Send sticker 2 🙀' });
    await expect.poll(() => second.count(), { timeout: 15_000 }).toBe(1);
    // Each sticker shows its image.
    await expect.poll(() => picker.locator('img.sticker-image').count(), { timeout: 15_000 }).toBe(2);
    const pickerShot = screenshotPath('web-client-sticker-picker');
    if (pickerShot) await page.screenshot({ path: pickerShot });
    // Keyboard: focus the sticker and press Enter.
    await second.focus();
    await page.keyboard.press('Enter');

    await expect
      .poll(() => messages(group.id).find((m) => m.sticker)?.sticker, { timeout: 15_000 })
      .toMatchObject({ file_id: set.stickers[1]!.file_id, emoji: '🙀', set_name: setName });
    expect(messages(group.id).find((m) => m.sticker)!.from?.id).toBe(bob.id);
    // The picker closed; the chat shows the sticker as an image, named by its emoji.
    await expect.poll(() => picker.count(), { timeout: 15_000 }).toBe(0);
    const shown = page.getByRole('article').getByRole('img', { name: 'Sticker 🙀' });
    await expect.poll(() => shown.count(), { timeout: 15_000 }).toBe(1);
    // The set is offered again from this browser's recent sets.
    await page.getByRole('button', { name: 'Stickers' }).click();
    const recent = page.getByRole('group', { name: 'Recent sticker sets' });
    expect(await recent.getByRole('button').allTextContents()).toEqual([setName]);
    // A name that is no set is refused in the picker's words.
    await picker.getByLabel('Sticker set', { exact: true }).fill('no_such_set');
    await picker.getByRole('button', { name: 'Open set' }).click();
    await expect
      .poll(() => picker.getByRole('alert').textContent(), { timeout: 15_000 })
      .toContain('sticker set not found');
  });
});
