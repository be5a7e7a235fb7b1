/**
 * An unmodified python-telegram-bot (Debian's python3-python-telegram-bot) in webhook mode: a
 * three-step conversation. Skipped where the package is missing, except when PARLEY_REQUIRE_PTB=1
 * (set by .ci/run, which installs it): then its absence fails (helpers/python-bot.ts). More bots
 * modelled on the library's examples: python-telegram-bot-examples.test.ts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callBotApi, startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import {
  describeWithPtb,
  expectNoTraceback,
  freePort,
  startPythonBot,
  type PythonBot,
} from './helpers/python-bot.js';
import { waitFor } from './helpers/wait-for.js';

describeWithPtb('python-telegram-bot: webhook conversation', () => {
  let server: TestServer;
  let bot: PythonBot | undefined;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await bot?.stop();
    await server.close();
  });

  it('runs a conversation by webhook', async () => {
    const { user, bot: record, token } = await userAndBot(server, 'ptb');
    const port = await freePort();
    bot = await startPythonBot('conversation_bot.py', { args: [server.url, token, String(port)] });
    const info = await callBotApi(server, token, 'getWebhookInfo');
    expect(info.body.result).toMatchObject({ url: `http://127.0.0.1:${port}/hook` });

    const chat = `@${record.username}`;
    const me = user.phone_number;
    const say = async (text: string) => {
      await server.control.sendMessage({ from: me, chat, text });
      return (await server.control.waitForMessage({ user: me, chat, timeout: 15 })).text;
    };
    expect(await say('/start')).toBe('Hi! What is your name?');
    expect(await say('Ada')).toBe('Nice to meet you, Ada. Your favourite colour?');
    expect(await say('teal')).toBe('Ada likes teal. Bye!');
    await waitFor(
      async () =>
        (
          (await callBotApi(server, token, 'getWebhookInfo')).body.result as {
            pending_update_count: number;
          }
        ).pending_update_count === 0,
      { what: 'every update to be delivered' },
    );
    await bot.stop();
    expectNoTraceback(bot);
  });
});
