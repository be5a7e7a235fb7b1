/**
 * Groups in the web client, in a real world.browser (ADR 0055): a person creates a supergroup, adds a
 * bot written with grammY (it gets my_chat_member), promotes it (it sees its rights with
 * getChatMember), writes a command the bot answers in the group, restricts another person (whose
 * send is then refused), sees that person leave live as a service line, and blocks the bot in its
 * private chat (the bot's sends then fail with "Forbidden: bot was blocked by the user").
 */
import { Bot, GrammyError } from 'grammy';
import type { ChatMemberUpdated } from 'grammy/types';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ControlApiError } from '../../src/testkit/index.js';
import { phone } from '../helpers/in-process.js';
import { describeWithBrowser, signInPage, screenshotPath, browserWorld } from '../helpers/browser.js';

describeWithBrowser('groups in the web client', () => {
  const world = browserWorld();
  let bot: Bot;
  let botRecord: { id: number; username: string };
  const myChatMember: ChatMemberUpdated[] = [];

  beforeAll(async () => {
    const created = await world.server.control.createBot({
      username: 'group_helper_web_bot',
      first_name: 'Helper',
    });
    botRecord = { id: created.id, username: created.username! };
    bot = new Bot(created.token, { client: { apiRoot: world.server.url } });
    bot.on('my_chat_member', (ctx) => {
      myChatMember.push(ctx.myChatMember);
    });
    bot.command('hello', (ctx) => ctx.reply(`Hello, ${ctx.chat.type === 'private' ? 'you' : 'group'}!`));
    void bot.start({ drop_pending_updates: true });
  }, 60_000);

  afterAll(async () => {
    await bot?.stop();
  });

  const signIn = async (phoneNumber: string) =>
    signInPage(await world.browser.newContext(), world.server.url + '/', phoneNumber);

  const statusIn = (chatId: number) =>
    myChatMember.filter((update) => update.chat.id === chatId).map((update) => update.new_chat_member.status);

  it('creates a group, adds and promotes a bot, restricts a person, sees a member leave', async () => {
    const alice = await world.server.control.createUser({ phone_number: phone(), first_name: 'Alice' });
    const bob = await world.server.control.createUser({ phone_number: phone(), first_name: 'Bob' });
    const page = await signIn(alice.phone_number!);

    await page.getByRole('button', { name: 'New group' }).click();
    await page.getByLabel('Group name').fill('Book club');
    await page.getByLabel('Type', { exact: true }).selectOption('supergroup');
    await page.getByRole('button', { name: 'Create' }).click();
    const line = (text: string) => page.getByRole('article').filter({ hasText: text });
    await expect.poll(() => line('Alice created the group "Book club"').count(), { timeout: 15_000 }).toBe(1);

    // Add the bot by @username and Bob by id, in the members panel.
    await page.getByRole('button', { name: 'Members' }).click();
    const panel = page.getByRole('region', { name: 'Group members' });
    await panel.getByLabel('Username').fill(`@${botRecord.username}`);
    await panel.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => line('Alice added Helper').count(), { timeout: 15_000 }).toBe(1);
    await panel.getByLabel('Username').fill(String(bob.id));
    await panel.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => line('Alice added Bob').count(), { timeout: 15_000 }).toBe(1);
    const group = myChatMember.find((update) => update.chat.title === 'Book club')?.chat;
    expect(group).toMatchObject({ type: 'supergroup' });
    const groupId = group!.id;
    await expect.poll(() => statusIn(groupId), { timeout: 15_000 }).toEqual(['member']);

    // Promote the bot: it hears of it and reads its rights.
    const helperRow = panel.getByRole('listitem').filter({ hasText: 'Helper' });
    await helperRow.getByRole('button', { name: 'Promote' }).click();
    await helperRow.getByLabel('Add admins').check();
    await helperRow.getByLabel('Pin posts').uncheck();
    await helperRow.getByRole('button', { name: 'Save rights' }).click();
    await expect.poll(() => statusIn(groupId), { timeout: 15_000 }).toEqual(['member', 'administrator']);
    await expect.poll(() => helperRow.getByText('admin', { exact: true }).count()).toBe(1);
    expect(await bot.api.getChatMember(groupId, botRecord.id)).toMatchObject({
      status: 'administrator',
      can_restrict_members: true,
      can_promote_members: true,
      can_pin_messages: false,
    });

    // A command in the group: the bot answers there, and the answer shows.
    const composer = page.getByLabel('Message');
    await composer.fill('/hello');
    await composer.press('Enter');
    await expect.poll(() => line('Hello, group!').count(), { timeout: 15_000 }).toBe(1);

    // Restrict Bob: no text. His send is refused from then on.
    const bobRow = panel.getByRole('listitem').filter({ hasText: 'Bob' });
    await bobRow.getByRole('button', { name: 'Restrict' }).click();
    await bobRow.getByLabel('Can send text').uncheck();
    await bobRow.getByRole('button', { name: 'Save permissions' }).click();
    await expect
      .poll(() => bobRow.getByText('restricted', { exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
    const refused = await world.server.control
      .sendMessage({ from: bob.id, chat: String(groupId), text: 'may I?' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ControlApiError);
    expect((refused as ControlApiError).status).toBe(403);
    const shot = screenshotPath('web-client-groups');
    if (shot) await page.screenshot({ path: shot });

    // Bob, in a tab of his own, leaves; Alice sees it live.
    const bobPage = await signIn(bob.phone_number!);
    await bobPage.getByRole('button', { name: /Book club/ }).click();
    await bobPage.getByRole('button', { name: 'Members' }).click();
    await bobPage.getByRole('button', { name: 'Leave group' }).click();
    await expect.poll(() => bobPage.getByText('You left this group.').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => line('Bob left the group').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => panel.getByRole('listitem').filter({ hasText: 'Bob' }).count()).toBe(0);
    await bobPage.close();
    await page.close();
  }, 90_000);

  it('blocks and unblocks a bot from its private chat', async () => {
    const carol = await world.server.control.createUser({ phone_number: phone(), first_name: 'Carol' });
    const page = await signIn(carol.phone_number!);
    await page.getByRole('button', { name: `Helper @${botRecord.username}` }).click();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('button', { name: 'Block bot' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Unblock bot' }).count(), { timeout: 15_000 })
      .toBe(1);
    await expect.poll(() => statusIn(carol.id).at(-1), { timeout: 15_000 }).toBe('kicked');
    const refused = await bot.api.sendMessage(carol.id, 'still there?').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GrammyError);
    expect((refused as GrammyError).error_code).toBe(403);
    expect((refused as GrammyError).description).toBe('Forbidden: bot was blocked by the user');

    await page.getByRole('button', { name: 'Unblock bot' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Block bot' }).count(), { timeout: 15_000 })
      .toBe(1);
    await expect.poll(() => statusIn(carol.id).at(-1), { timeout: 15_000 }).toBe('member');
    await bot.api.sendMessage(carol.id, 'welcome back');
    await expect
      .poll(() => page.getByRole('article').filter({ hasText: 'welcome back' }).count(), { timeout: 15_000 })
      .toBe(1);
    await page.close();
  });
});
