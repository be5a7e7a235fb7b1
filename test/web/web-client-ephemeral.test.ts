/**
 * Ephemeral messages in the web client, in a real world.browser (ADR 0080): a person's ephemeral command
 * to a grammY bot and the bot's ephemeral answer show live in that person's chat, marked "only you
 * can see this", and never in another member's open chat (whose page shows the group's next
 * ordinary message, so it is live).
 */
import { Bot } from 'grammy';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { phone } from '../helpers/in-process.js';
import { describeWithBrowser, signInPage, browserWorld } from '../helpers/browser.js';

describeWithBrowser('ephemeral messages in the web client', () => {
  const world = browserWorld();
  let bot: Bot;
  let botId: number;

  beforeAll(async () => {
    const created = await world.server.control.createBot({
      username: 'ephemeral_web_bot',
      first_name: 'Quizzer',
    });
    botId = created.id;
    bot = new Bot(created.token, { client: { apiRoot: world.server.url } });
    await bot.api.setMyCommands([{ command: 'score', description: 'your score', is_ephemeral: true }]);
    bot.command('score', (ctx) =>
      ctx.reply('your score is 42', {
        ephemeral_message_parameters: { receiver_user_id: ctx.from!.id },
        reply_parameters: { ephemeral_message_id: ctx.msg.ephemeral_message_id! },
      }),
    );
    void bot.start({ drop_pending_updates: true });
  }, 60_000);

  afterAll(async () => {
    await bot?.stop();
  });

  it("shows the person's ephemeral command and the bot's answer to them alone, marked", async () => {
    const owner = await world.server.control.createUser({ phone_number: phone(), first_name: 'Olga' });
    const bob = await world.server.control.createUser({ phone_number: phone(), first_name: 'Bob' });
    const carol = await world.server.control.createUser({ phone_number: phone(), first_name: 'Carol' });
    const chat = await world.server.control.createChat({
      owner: owner.id,
      title: 'Quiz night',
      type: 'supergroup',
      members: [bob.id, carol.id, botId],
    });
    const open = async (phoneNumber: string) => {
      const page = await signInPage(await world.browser.newContext(), world.server.url + '/', phoneNumber);
      await page.getByRole('button', { name: /Quiz night/ }).click();
      await expect
        .poll(() => page.getByRole('article').filter({ hasText: 'created the group' }).count(), {
          timeout: 15_000,
        })
        .toBe(1);
      return page;
    };
    const bobPage = await open(bob.phone_number!);
    const carolPage = await open(carol.phone_number!);

    await world.server.control.sendMessage({ from: bob.id, chat: chat.id, text: '/score', ephemeral: true });
    const answer = bobPage.getByRole('article').filter({ hasText: 'your score is 42' });
    await expect.poll(() => answer.count(), { timeout: 15_000 }).toBe(1);
    expect(await answer.getByText('only you can see this').count()).toBe(1);
    const command = bobPage.getByRole('article').filter({ hasText: '/score' });
    expect(await command.getByText('only you can see this').count()).toBe(1);
    // An ephemeral message can't be replied to, pinned or reacted to: it has no actions (ADR 0098).
    expect(await answer.getByRole('button', { name: 'Actions' }).count()).toBe(0);
    expect(await answer.getByRole('button', { name: 'Reply' }).count()).toBe(0);

    await world.server.control.sendMessage({ from: owner.id, chat: chat.id, text: 'next question' });
    for (const page of [carolPage, bobPage]) {
      await expect
        .poll(() => page.getByRole('article').filter({ hasText: 'next question' }).count(), {
          timeout: 15_000,
        })
        .toBe(1);
    }
    expect(await carolPage.getByRole('article').filter({ hasText: 'your score' }).count()).toBe(0);
    expect(await carolPage.getByRole('article').filter({ hasText: '/score' }).count()).toBe(0);
    expect(await carolPage.getByText('only you can see this').count()).toBe(0);
  });
});
