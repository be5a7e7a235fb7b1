/**
 * Running a group from the web client, in a real world.browser (ADR 0055), with a bot written with
 * grammY as its administrator: the owner renames the group and sets its photo (the bot gets
 * new_chat_title and new_chat_photo), creates an invite link that needs approval (copies it); a
 * second person opens it in the world.browser, which opens "Join by link" filled with it, and joins (the
 * bot gets chat_join_request); the owner
 * approves the request in the members panel (chat_member, via_join_request), bans the newcomer and
 * unbans them (chat_member: kicked, then left).
 */
import { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { phone } from '../helpers/in-process.js';
import { describeWithBrowser, signInPage, screenshotPath, browserWorld } from '../helpers/browser.js';
import { png } from '../helpers/media-bytes.js';

describeWithBrowser('running a group in the web client', () => {
  const world = browserWorld();
  let bot: Bot;
  let botUsername: string;
  const updates: Update[] = [];

  beforeAll(async () => {
    const created = await world.server.control.createBot({
      username: 'gatekeeper_web_bot',
      first_name: 'Gatekeeper',
    });
    botUsername = created.username!;
    bot = new Bot(created.token, { client: { apiRoot: world.server.url } });
    bot.use((ctx) => {
      updates.push(ctx.update);
    });
    void bot.start({
      drop_pending_updates: true,
      allowed_updates: ['message', 'my_chat_member', 'chat_member', 'chat_join_request'],
    });
  }, 60_000);

  afterAll(async () => {
    await bot?.stop();
  });

  const signIn = (context: BrowserContext, phoneNumber: string) =>
    signInPage(context, world.server.url + '/', phoneNumber);

  const memberChanges = (userId: number) =>
    updates
      .filter((update) => update.chat_member?.new_chat_member.user.id === userId)
      .map((update) => update.chat_member!);

  it('renames, sets a photo, invites by a link with approval, approves, bans and unbans', async () => {
    const alice = await world.server.control.createUser({ phone_number: phone(), first_name: 'Alice' });
    const bob = await world.server.control.createUser({ phone_number: phone(), first_name: 'Bob' });
    const context = await world.browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.server.url });
    const page = await signIn(context, alice.phone_number!);
    const line = (text: string) => page.getByRole('article').filter({ hasText: text });

    await page.getByRole('button', { name: 'New group' }).click();
    await page.getByLabel('Group name').fill('Garden');
    await page.getByLabel('Type', { exact: true }).selectOption('supergroup');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => line('Alice created the group "Garden"').count(), { timeout: 15_000 }).toBe(1);

    // The bot joins as an administrator (its default rights include inviting users).
    await page.getByRole('button', { name: 'Members' }).click();
    const panel = page.getByRole('region', { name: 'Group members' });
    await panel.getByLabel('Username').fill(`@${botUsername}`);
    await panel.getByRole('button', { name: 'Add' }).click();
    const botRow = panel.getByRole('listitem').filter({ hasText: 'Gatekeeper' });
    await botRow.getByRole('button', { name: 'Promote' }).click();
    await botRow.getByRole('button', { name: 'Save rights' }).click();
    await expect.poll(() => botRow.getByText('admin', { exact: true }).count(), { timeout: 15_000 }).toBe(1);

    // Title and photo: members see the change; the bot gets the service messages.
    await panel.getByLabel('Title', { exact: true }).fill('Garden club');
    await panel.getByRole('button', { name: 'Save title' }).click();
    await expect
      .poll(() => line('Alice changed the group name to "Garden club"').count(), { timeout: 15_000 })
      .toBe(1);
    await panel
      .getByLabel('Group photo')
      .setInputFiles({ name: 'garden.png', mimeType: 'image/png', buffer: png(64, 48) });
    await expect.poll(() => line('Alice changed the group photo').count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(() => updates.find((u) => u.message?.new_chat_title)?.message?.new_chat_title, {
        timeout: 15_000,
      })
      .toBe('Garden club');
    await expect
      .poll(() => updates.find((u) => u.message?.new_chat_photo)?.message?.new_chat_photo?.[0], {
        timeout: 15_000,
      })
      .toMatchObject({ width: 64, height: 48 });
    const groupId = updates.find((u) => u.message?.new_chat_title)!.message!.chat.id;

    // An invite link that needs an administrator's approval; Copy puts it on the clipboard.
    await panel.getByLabel('Link name').fill('Friends');
    await panel.getByLabel('Request admin approval').check();
    await panel.getByRole('button', { name: 'New invite link' }).click();
    const address = panel.getByLabel('Friends address');
    await expect.poll(() => address.count(), { timeout: 15_000 }).toBe(1);
    const link = await address.inputValue();
    expect(link).toMatch(/^https:\/\/t\.me\/\+/);
    await panel
      .getByRole('listitem')
      .filter({ hasText: 'Friends' })
      .getByRole('button', { name: 'Copy' })
      .click();
    await expect.poll(() => page.evaluate<string>('navigator.clipboard.readText()')).toBe(link);
    const shot = screenshotPath('web-client-group-admin');
    if (shot) await page.screenshot({ path: shot });

    // Bob opens the link in his world.browser, as under --public-url it is `<world.server>/+HASH` (ADR 0074):
    // Join by link opens filled with it, and joining makes a request, which the bot hears of.
    const hash = link.slice(link.lastIndexOf('+'));
    const bobPage = await signInPage(
      await world.browser.newContext(),
      `${world.server.url}/${hash}`,
      bob.phone_number!,
    );
    await expect.poll(() => bobPage.getByLabel('Invite link').inputValue(), { timeout: 15_000 }).toBe(hash);
    await bobPage.getByRole('button', { name: 'Join', exact: true }).click();
    await expect
      .poll(() => bobPage.getByRole('status').filter({ hasText: 'Request sent' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await expect
      .poll(() => updates.find((u) => u.chat_join_request)?.chat_join_request, { timeout: 15_000 })
      .toMatchObject({
        chat: { id: groupId },
        from: { id: bob.id },
        invite_link: { name: 'Friends', creates_join_request: true },
      });

    // The request shows in Alice's open members panel by itself (live); she approves it: Bob is a
    // member (chat_member, via_join_request).
    const requests = panel.getByRole('list', { name: 'Join requests' });
    await expect
      .poll(() => requests.getByRole('listitem').filter({ hasText: 'Bob' }).count(), { timeout: 15_000 })
      .toBe(1);
    await requests
      .getByRole('listitem')
      .filter({ hasText: 'Bob' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await expect.poll(() => line('Bob joined the group').count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(() => memberChanges(bob.id).at(-1), { timeout: 15_000 })
      .toMatchObject({ via_join_request: true, new_chat_member: { status: 'member' } });

    // Ban, then unban: the bot sees both.
    const bobRow = panel.getByRole('listitem').filter({ hasText: 'Bob' });
    await bobRow.getByRole('button', { name: 'Ban' }).click();
    await expect
      .poll(() => memberChanges(bob.id).at(-1)?.new_chat_member.status, { timeout: 15_000 })
      .toBe('kicked');
    const banned = panel.getByRole('region', { name: 'Banned' });
    await banned
      .getByRole('listitem')
      .filter({ hasText: 'Bob' })
      .getByRole('button', { name: 'Unban' })
      .click();
    await expect
      .poll(() => memberChanges(bob.id).at(-1)?.new_chat_member.status, { timeout: 15_000 })
      .toBe('left');
    await expect.poll(() => banned.count(), { timeout: 15_000 }).toBe(0);
    await bobPage.context().close();
    await context.close();
  }, 60_000);
});
