/**
 * An unmodified grammY bot against Parley, by long polling and by webhook: a user sends "hello", the
 * bot replies, the user receives the reply.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Bot, webhookCallback } from 'grammy';
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

function echoBot(token: string) {
  const bot = new Bot(token, { client: { apiRoot: server.url } });
  bot.command('start', (ctx) => ctx.reply(`Welcome, ${ctx.from?.first_name}!`));
  bot.on('message:text', (ctx) =>
    ctx.reply(`echo: ${ctx.message.text}`, { reply_parameters: { message_id: ctx.message.message_id } }),
  );
  return bot;
}

describe('grammY', () => {
  it('replies by long polling', async () => {
    const { user, bot: botRecord, token } = await userAndBot(server, 'poll');
    const bot = echoBot(token);
    const started = new Promise<void>((resolve) => void bot.start({ onStart: () => resolve() }));
    await started;
    try {
      expect(bot.botInfo.username).toBe(botRecord.username);
      const sent = await server.control.sendMessage({
        from: user.phone_number,
        chat: `@${botRecord.username}`,
        text: '/start',
      });
      expect(sent.entities).toEqual([{ type: 'bot_command', offset: 0, length: 6 }]);
      const welcome = await server.control.waitForMessage({
        user: user.phone_number,
        chat: `@${botRecord.username}`,
        timeout: 10,
      });
      expect(welcome.text).toBe('Welcome, Alice!');

      const hello = await server.control.sendMessage({
        from: user.phone_number,
        chat: `@${botRecord.username}`,
        text: 'hello',
      });
      const reply = await server.control.waitForMessage({
        user: user.phone_number,
        chat: `@${botRecord.username}`,
        timeout: 10,
      });
      expect(reply.text).toBe('echo: hello');
      expect(reply.from?.id).toBe(botRecord.id);
      expect(reply.chat.id).toBe(botRecord.id);
      expect((reply.reply_to_message as { message_id: number }).message_id).toBe(hello.message_id);
    } finally {
      await bot.stop();
    }
  });

  it('replies by webhook, with the secret token header', async () => {
    const { user, bot: botRecord, token } = await userAndBot(server, 'hook');
    const bot = echoBot(token);
    await bot.init();
    const seenSecrets: string[] = [];
    // grammY's own secret check, unmodified: it reads the reference platform's header name, which
    // Parley sends beside the spec's X-Service-Bot-Api-Secret-Token (ADR 0072).
    const handle = webhookCallback(bot, 'http', { secretToken: 'hook-secret_1' });
    const receiver: Server = createServer((request, response) => {
      seenSecrets.push(String(request.headers['x-service-bot-api-secret-token']));
      void handle(request, response);
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const port = (receiver.address() as AddressInfo).port;
      await bot.api.setWebhook(`http://127.0.0.1:${port}/hook`, { secret_token: 'hook-secret_1' });
      const info = await bot.api.getWebhookInfo();
      expect(info.url).toBe(`http://127.0.0.1:${port}/hook`);
      expect(info.ip_address).toBe('127.0.0.1');

      await server.control.sendMessage({
        from: user.phone_number,
        chat: `@${botRecord.username}`,
        text: 'hello',
      });
      const reply = await server.control.waitForMessage({
        user: user.phone_number,
        chat: `@${botRecord.username}`,
        timeout: 10,
      });
      expect(reply.text).toBe('echo: hello');
      expect(seenSecrets).toEqual(['hook-secret_1']);
      await waitFor(async () => (await bot.api.getWebhookInfo()).pending_update_count === 0, {
        what: 'queue to drain',
      });
    } finally {
      await bot.api.deleteWebhook();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
