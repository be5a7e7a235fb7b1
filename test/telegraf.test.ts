/**
 * An unmodified telegraf bot against Parley: commands, an inline keyboard, callback answers the
 * person sees, and editing the message in place; and by webhook behind telegraf's own secret check.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Markup, Telegraf } from 'telegraf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import { waitFor } from './helpers/wait-for.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

describe('telegraf', () => {
  it('runs commands, inline keyboards, callback answers and edits', async () => {
    const { user, bot: record, token } = await userAndBot(server, 'telegraf');
    const bot = new Telegraf(token, { telegram: { apiRoot: server.url } });
    let votes = 0;
    bot.start((ctx) => ctx.reply(`Hello ${ctx.from.first_name}`));
    bot.command('poll', (ctx) =>
      ctx.reply(
        'Do you like it?',
        Markup.inlineKeyboard([Markup.button.callback('Yes', 'yes'), Markup.button.callback('No', 'no')]),
      ),
    );
    bot.action('yes', async (ctx) => {
      votes += 1;
      await ctx.answerCbQuery('Thanks!');
      await ctx.editMessageText(
        `Votes: ${votes}`,
        Markup.inlineKeyboard([Markup.button.callback('Yes', 'yes')]),
      );
    });
    bot.action('no', (ctx) => ctx.answerCbQuery('Sorry to hear', { show_alert: true }));
    bot.command('help', (ctx) => ctx.reply('*Help*', { parse_mode: 'MarkdownV2' }));

    const launched = new Promise<void>((resolve) => void bot.launch(() => resolve()));
    await launched;
    const chat = `@${record.username}`;
    const me = user.phone_number;
    try {
      await server.control.sendMessage({ from: me, chat, text: '/start' });
      expect((await server.control.waitForMessage({ user: me, chat, timeout: 10 })).text).toBe('Hello Alice');

      await server.control.sendMessage({ from: me, chat, text: '/help' });
      const help = await server.control.waitForMessage({ user: me, chat, timeout: 10 });
      expect(help).toMatchObject({ text: 'Help', entities: [{ type: 'bold', offset: 0, length: 4 }] });

      await server.control.sendMessage({ from: me, chat, text: '/poll' });
      const question = await server.control.waitForMessage({ user: me, chat, timeout: 10 });
      expect(question.reply_markup?.inline_keyboard?.[0]!.map((b) => b.text)).toEqual(['Yes', 'No']);

      const yes = await server.control.pressButton({
        user: me,
        chat,
        message_id: question.message_id,
        button: 'Yes',
      });
      expect(yes).toMatchObject({ answered: true, text: 'Thanks!' });
      const edited = await waitFor(
        async () => {
          const [latest] = (await server.control.listMessages({ user: me, chat, limit: 1 })).filter(
            (m) => m.message_id === question.message_id,
          );
          return latest?.text === 'Votes: 1' ? latest : undefined;
        },
        { what: 'the edited message' },
      );
      expect(edited.edit_date).toBeGreaterThanOrEqual(question.date);
      expect(edited.reply_markup?.inline_keyboard?.[0]!.map((b) => b.text)).toEqual(['Yes']);

      const no = await server.control.sendMessage({ from: me, chat, text: '/poll' });
      const second = await server.control.waitForMessage({ user: me, chat, timeout: 10 });
      expect(second.message_id).toBe(no.message_id + 1);
      const alert = await server.control.pressButton({
        user: me,
        chat,
        message_id: second.message_id,
        button: 'No',
      });
      expect(alert).toMatchObject({ answered: true, text: 'Sorry to hear', show_alert: true });
    } finally {
      bot.stop('test over');
    }
  });

  it('replies by webhook behind its own secretToken check', async () => {
    const { user, bot: record, token } = await userAndBot(server, 'telegrafhook');
    const bot = new Telegraf(token, { telegram: { apiRoot: server.url } });
    // The reply goes back in the webhook's answer (telegraf's webhookReply, on by default).
    bot.on('text', (ctx) => ctx.reply(`echo: ${ctx.message.text}`));
    // telegraf's filter, unmodified: it reads the reference platform's header name, which Parley
    // sends beside the spec's X-Service-Bot-Api-Secret-Token (ADR 0072); a mismatch answers 403.
    const handle = bot.webhookCallback('/hook', { secretToken: 'telegraf-secret' });
    const statuses: number[] = [];
    const receiver: Server = createServer((request, response) => {
      response.on('finish', () => statuses.push(response.statusCode));
      void handle(request, response);
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const chat = `@${record.username}`;
    try {
      const port = (receiver.address() as AddressInfo).port;
      await bot.telegram.setWebhook(`http://127.0.0.1:${port}/hook`, { secret_token: 'telegraf-secret' });
      await server.control.sendMessage({ from: user.phone_number, chat, text: 'hello' });
      const reply = await server.control.waitForMessage({ user: user.phone_number, chat, timeout: 10 });
      expect(reply.text).toBe('echo: hello');
      expect(reply.from?.id).toBe(record.id);
      expect(statuses).toEqual([200]);
    } finally {
      await bot.telegram.deleteWebhook();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
