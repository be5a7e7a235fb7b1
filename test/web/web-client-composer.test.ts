/**
 * The web client's composer in a real world.browser (ADR 0055), against a grammY bot: the bot's commands
 * menu, its one-time reply keyboard (and its removal), replying to a message, "typing…" from
 * sendChatAction, a photo from the file picker (the bot gets it; the page shows the image), a
 * document from the bot, and inline mode in the composer (`@bot query`, choose a result).
 */
import { Bot, InputFile, Keyboard } from 'grammy';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { phone } from '../helpers/in-process.js';
import { describeWithBrowser, browserWorld } from '../helpers/browser.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describeWithBrowser('the web client composer', () => {
  const world = browserWorld();
  let bot: Bot;
  const heard: { text?: string; reply_to?: number; photo?: boolean; via_bot?: boolean }[] = [];

  beforeAll(async () => {
    const created = await world.server.control.createBot({
      username: 'painter_web_bot',
      first_name: 'Painter',
      supports_inline_queries: true,
    });
    bot = new Bot(created.token, { client: { apiRoot: world.server.url } });
    await bot.api.setMyCommands([
      { command: 'start', description: 'Start over' },
      { command: 'help', description: 'What I do' },
    ]);
    bot.command('start', (ctx) =>
      ctx.reply('Pick a colour', { reply_markup: new Keyboard().text('Red').text('Blue').oneTime() }),
    );
    bot.command('help', (ctx) => ctx.reply('I paint things.'));
    bot.command('file', (ctx) => ctx.replyWithDocument(new InputFile(Buffer.from('hello'), 'notes.txt')));
    bot.command('think', async (ctx) => {
      await ctx.replyWithChatAction('typing');
    });
    bot.hears(['Red', 'Blue'], (ctx) =>
      ctx.reply(`You chose ${ctx.message!.text}`, { reply_markup: { remove_keyboard: true } }),
    );
    bot.on('message', (ctx) => {
      const message = ctx.message;
      heard.push({
        text: message.text ?? message.caption,
        reply_to: message.reply_to_message?.message_id,
        photo: Boolean(message.photo),
        via_bot: Boolean(message.via_bot),
      });
    });
    bot.on('inline_query', (ctx) =>
      ctx.answerInlineQuery([
        {
          type: 'article',
          id: 'sun',
          title: 'A sun',
          input_message_content: { message_text: 'Here is a sun ☀' },
        },
      ]),
    );
    void bot.start({ drop_pending_updates: true });
  }, 60_000);

  afterAll(async () => {
    await bot?.stop();
  });

  async function openChat(page: Page) {
    const person = await world.server.control.createUser({ phone_number: phone(), first_name: 'Pat' });
    await page.goto(world.server.url + '/web/');
    await page.getByLabel('Phone number').fill(person.phone_number!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: /Painter/ }).click();
    await page.getByRole('button', { name: 'Start' }).click();
    await expect
      .poll(() => page.getByRole('article').filter({ hasText: 'Pick a colour' }).count(), { timeout: 15_000 })
      .toBe(1);
    return person;
  }

  it('uses the reply keyboard, the commands menu and replies', async () => {
    const page = await world.browser.newPage();
    await openChat(page);
    const keyboard = page.getByRole('group', { name: 'Bot keyboard' });
    await keyboard.getByRole('button', { name: 'Blue' }).click();
    await expect
      .poll(() => page.getByRole('article').filter({ hasText: 'You chose Blue' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    expect(await keyboard.count()).toBe(0);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('list', { name: 'Commands' })
      .getByRole('button', { name: /\/help/ })
      .click();
    const help = page.getByRole('article').filter({ hasText: 'I paint things.' });
    await expect.poll(() => help.count(), { timeout: 15_000 }).toBe(1);

    // Reply is among the message's actions (ADR 0098).
    await help.getByRole('button', { name: 'Actions' }).click();
    await help.getByRole('button', { name: 'Reply' }).click();
    await page.getByLabel('Message').fill('Thanks!');
    await page.getByLabel('Message').press('Enter');
    await expect
      .poll(() => heard.find((h) => h.text === 'Thanks!'), { timeout: 15_000 })
      .toMatchObject({
        reply_to: expect.any(Number),
      });
    await page.close();
  });

  it('shows typing…, sends a photo from the picker, shows a document, and uses inline mode', async () => {
    const page = await world.browser.newPage();
    await openChat(page);
    await page.getByLabel('Message').fill('/think');
    await page.getByLabel('Message').press('Enter');
    await expect.poll(() => page.getByText('typing…').count(), { timeout: 15_000 }).toBe(1);

    await page.getByLabel('Message').fill('my picture');
    await page
      .getByLabel('Attach file')
      .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    await expect
      .poll(() => heard.find((h) => h.photo), { timeout: 15_000 })
      .toMatchObject({ text: 'my picture' });
    const image = page.getByRole('img', { name: 'my picture' });
    await expect
      .poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), {
        timeout: 15_000,
      })
      .toBe(1);

    await page.getByLabel('Message').fill('/file');
    await page.getByLabel('Message').press('Enter');
    await expect
      .poll(() => page.getByRole('button', { name: 'notes.txt' }).count(), { timeout: 15_000 })
      .toBe(1);

    await page.getByLabel('Message').fill('@painter_web_bot sun');
    const result = page.getByRole('list', { name: 'Inline results' }).getByRole('button', { name: /A sun/ });
    await expect.poll(() => result.count(), { timeout: 15_000 }).toBe(1);
    await result.click();
    await expect
      .poll(() => page.getByRole('article').filter({ hasText: 'Here is a sun' }).count(), { timeout: 15_000 })
      .toBe(1);
    await expect
      .poll(() => heard.find((h) => h.via_bot), { timeout: 15_000 })
      .toMatchObject({ text: 'Here is a sun ☀' });
    await page.close();
  });
});
