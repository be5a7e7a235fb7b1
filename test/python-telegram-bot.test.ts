/**
 * An unmodified python-telegram-bot (Debian's python3-python-telegram-bot) in webhook mode: a
 * three-step conversation. Skipped where the package is missing, except when PARLEY_REQUIRE_PTB=1
 * (set by .ci/run, which installs it): then its absence fails.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import { waitFor } from './helpers/wait-for.js';

const PYTHON = '/usr/bin/python3';
const SCRIPT = fileURLToPath(new URL('./python/conversation_bot.py', import.meta.url));
const available = spawnSync(PYTHON, ['-c', 'import telegram.ext'], { stdio: 'ignore' }).status === 0;
const required = process.env.PARLEY_REQUIRE_PTB === '1';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('python-telegram-bot', () => {
  it('is installed where it is required', () => {
    if (required) expect(available, `${PYTHON} cannot import telegram.ext`).toBe(true);
  });

  describe.skipIf(!available)('webhook conversation', () => {
    let server: TestServer;
    let child: ChildProcess | undefined;
    beforeAll(async () => {
      server = await startServer();
    });
    afterAll(async () => {
      child?.kill('SIGTERM');
      await server.close();
    });

    it('runs a conversation by webhook', async () => {
      const { user, bot, token } = await userAndBot(server, 'ptb');
      const port = await freePort();
      let output = '';
      child = spawn(PYTHON, [SCRIPT, server.url, token, String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout!.on('data', (chunk) => (output += String(chunk)));
      child.stderr!.on('data', (chunk) => (output += String(chunk)));
      await waitFor(() => output.includes('READY'), {
        what: `the Python bot to start:\n${output}`,
        timeoutMs: 20_000,
      });
      const info = await callBotApi(server, token, 'getWebhookInfo');
      expect(info.body.result).toMatchObject({ url: `http://127.0.0.1:${port}/hook` });

      const chat = `@${bot.username}`;
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
    });
  });
});
