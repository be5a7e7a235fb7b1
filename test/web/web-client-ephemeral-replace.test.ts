/**
 * replace_callback_query_message in the web client, in a real world.browser (ADR 0096): a person presses a
 * grammY 1.46 bot's button on their page; the bot answers with an ephemeral message in place of the
 * pressed message, which their page shows where the menu stood (and the menu no more), while another
 * member's open page still shows the menu; when the bot deletes the ephemeral message, the presser's
 * page shows the menu again. Also 10.3's community_chat_joined, shown as a line (ADR 0096).
 */
import { Bot } from 'grammy';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { phone } from '../helpers/in-process.js';
import { describeWithBrowser, signInPage, browserWorld } from '../helpers/browser.js';

describeWithBrowser('ephemeral messages in place of the pressed message in the web client', () => {
  const world = browserWorld();
  let bot: Bot;
  let botId: number;
  const answers: number[] = [];

  beforeAll(async () => {
    const created = await world.server.control.createBot({
      username: 'replace_web_bot',
      first_name: 'Menus',
    });
    botId = created.id;
    bot = new Bot(created.token, { client: { apiRoot: world.server.url } });
    bot.callbackQuery('settings', async (ctx) => {
      const answer = await ctx.reply('your private settings', {
        ephemeral_message_parameters: {
          receiver_user_id: ctx.from.id,
          callback_query_id: ctx.callbackQuery.id,
          replace_callback_query_message: true,
        },
      });
      answers.push(answer.ephemeral_message_id!);
      await ctx.answerCallbackQuery();
    });
    void bot.start({ drop_pending_updates: true });
  }, 60_000);

  afterAll(async () => {
    await bot?.stop();
  });

  /** The texts of the page's messages, in order, from the first with `from` on. */
  const shown = async (page: Page, from: string) => {
    const texts = await page.getByRole('article').allInnerTexts();
    return texts.slice(texts.findIndex((text) => text.includes(from)));
  };
  const order = async (page: Page) => {
    const texts = await shown(page, 'before the menu');
    const at = (part: string) => texts.findIndex((text) => text.includes(part));
    return ['before the menu', 'open your settings', 'your private settings', 'after the menu']
      .filter((part) => at(part) >= 0)
      .sort((a, b) => at(a) - at(b));
  };

  it('shows the answer where the menu stood to the presser alone, and the menu again once deleted', async () => {
    const owner = await world.server.control.createUser({ phone_number: phone(), first_name: 'Olga' });
    const bob = await world.server.control.createUser({ phone_number: phone(), first_name: 'Bob' });
    const carol = await world.server.control.createUser({ phone_number: phone(), first_name: 'Carol' });
    const chat = await world.server.control.createChat({
      owner: owner.id,
      title: 'Menu night',
      type: 'supergroup',
      members: [bob.id, carol.id, botId],
    });
    await world.server.control.sendMessage({ from: owner.id, chat: chat.id, text: 'before the menu' });
    await bot.api.sendMessage(chat.id, 'open your settings', {
      reply_markup: { inline_keyboard: [[{ text: 'Settings', callback_data: 'settings' }]] },
    });
    await world.server.control.sendMessage({ from: owner.id, chat: chat.id, text: 'after the menu' });
    const everyone = ['before the menu', 'open your settings', 'after the menu'];

    const open = async (phoneNumber: string) => {
      const page = await signInPage(await world.browser.newContext(), world.server.url + '/', phoneNumber);
      await page.getByRole('button', { name: /Menu night/ }).click();
      await expect.poll(() => order(page), { timeout: 15_000 }).toEqual(everyone);
      return page;
    };
    const bobPage = await open(bob.phone_number!);
    const carolPage = await open(carol.phone_number!);

    await bobPage
      .getByRole('article')
      .filter({ hasText: 'open your settings' })
      .getByRole('button', { name: 'Settings' })
      .click();
    await expect
      .poll(() => order(bobPage), { timeout: 15_000 })
      .toEqual(['before the menu', 'your private settings', 'after the menu']);
    const answer = bobPage.getByRole('article').filter({ hasText: 'your private settings' });
    expect(await answer.getByText('only you can see this').count()).toBe(1);

    // Carol's page is live (it shows the next message) and still shows the menu, not the answer.
    await world.server.control.sendMessage({ from: owner.id, chat: chat.id, text: 'one more' });
    await expect
      .poll(() => carolPage.getByRole('article').filter({ hasText: 'one more' }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await order(carolPage)).toEqual(everyone);

    expect(answers).toHaveLength(1);
    expect(await bot.api.deleteEphemeralMessage(chat.id, bob.id, answers[0]!)).toBe(true);
    await expect.poll(() => order(bobPage), { timeout: 15_000 }).toEqual(everyone);
  });

  it('shows a join from a community (10.3 community_chat_joined) as a line in the chat', async () => {
    const owner = await world.server.control.createUser({ phone_number: phone(), first_name: 'Olga' });
    const dana = await world.server.control.createUser({ phone_number: phone(), first_name: 'Dana' });
    const chat = await world.server.control.createChat({
      owner: owner.id,
      title: 'Makers hall',
      type: 'supergroup',
    });
    const community = await world.server.control.createCommunity({ owner: owner.id, name: 'Makers' });
    await world.server.control.addCommunityChat({ community: community.id, chat: chat.id, by: owner.id });
    const page = await signInPage(
      await world.browser.newContext(),
      world.server.url + '/',
      owner.phone_number!,
    );
    await page.getByRole('button', { name: /Makers hall/ }).click();
    await world.server.control.joinCommunityChat({ community: community.id, chat: chat.id, user: dana.id });
    const line = page.getByRole('article').filter({ hasText: 'Dana joined from the community "Makers"' });
    await expect.poll(() => line.count(), { timeout: 15_000 }).toBe(1);
  });
});
