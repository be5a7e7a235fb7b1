/**
 * The Mini App commands against a real server (the CLI runs in this process; its requests go over
 * HTTP), as the issue names them: `parley webapp open --user PHONE --bot @BOT [--message ID --button
 * TEXT] --json` prints the URL and the signed launch data, and `parley webapp send-data` sends
 * web_app_data. The bot acts with grammY; the launch data is checked with the bot token.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phone, startServer, type TestServer } from './helpers/in-process.js';
import { cliRunner } from './helpers/cli-runner.js';
import { first, groupKit } from './helpers/groups.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const parley = cliRunner(() => server);

async function json(...args: string[]): Promise<Record<string, unknown>> {
  const run = await parley(...args, '--json');
  if (run.code !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

function validHash(initData: string, token: string): boolean {
  const fields = new URLSearchParams(initData);
  const hash = fields.get('hash');
  fields.delete('hash');
  const check = [...fields.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(token).digest();
  return createHmac('sha256', secret).update(check).digest('hex') === hash;
}

const { bot } = groupKit(() => server);

describe('parley webapp', () => {
  it('opens the menu button app and a message button app, and sends data from a keyboard app', async () => {
    const user = phone();
    await parley('user', 'create', '--phone', user, '--first-name', 'Cli');
    const app = await bot('webcli');
    await app.api.setChatMenuButton({
      menu_button: { type: 'web_app', text: 'Open', web_app: { url: 'https://cli.example/app' } },
    });
    const menu = await json('webapp', 'open', '--user', user, '--bot', `@${app.record.username}`);
    expect(menu).toMatchObject({ url: 'https://cli.example/app', init_data: expect.any(String) });
    expect(validHash(menu.init_data as string, app.token)).toBe(true);

    await parley('send', '--from', user, '--to', `@${app.record.username}`, '--text', 'hi');
    const userId = (first(await app.updates(), 'message').from as { id: number }).id;
    const sent = await app.api.sendMessage(userId, 'Choose', {
      reply_markup: { inline_keyboard: [[{ text: 'Menu', web_app: { url: 'https://cli.example/menu' } }]] },
    });
    const button = await json(
      'webapp',
      'open',
      '--user',
      user,
      '--bot',
      `@${app.record.username}`,
      '--message',
      String(sent.message_id),
      '--button',
      'Menu',
    );
    expect(button).toMatchObject({ url: 'https://cli.example/menu', source: 'inline_button' });
    expect(validHash(button.init_data as string, app.token)).toBe(true);

    await app.api.sendMessage(userId, 'Form', {
      reply_markup: { keyboard: [[{ text: 'Fill', web_app: { url: 'https://cli.example/form' } }]] },
    });
    const data = await json(
      'webapp',
      'send-data',
      '--user',
      user,
      '--bot',
      `@${app.record.username}`,
      '--button',
      'Fill',
      '--data',
      'done',
    );
    expect(data).toMatchObject({ web_app_data: { data: 'done', button_text: 'Fill' } });
    expect(first(await app.updates(), 'message')).toMatchObject({
      web_app_data: { data: 'done', button_text: 'Fill' },
    });
    const plain = await parley('webapp', 'open', '--user', user, '--bot', `@${app.record.username}`);
    expect(plain.stdout).toMatch(/^menu_button: https:\/\/cli\.example\/app\ninit_data: query_id=/);
    expect((await parley('webapp', 'open', '--user', user, '--bot', 'x', '--message', '1')).code).not.toBe(0);
  });
});
