/**
 * The composer's formatting and the bot's Mini Apps in the web client, in a real world.browser (ADR
 * 0055), with a bot written with grammY: the toolbar wraps the selection in markers and the bot
 * receives the message with its entities (bold, italic, strikethrough, spoiler, code, text_link);
 * a menu button of type web_app shows with its text instead of "Menu" and opens the app in a new
 * tab with the launch data in the URL's fragment (`#tgWebAppData=...`, valid for the bot's token),
 * as does a web_app button of a message. And the page served under a prefix (a workspace's
 * `/w/NAME/web/`) talks to the API under that prefix.
 */
import { createHmac } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Bot } from 'grammy';
import type { Message } from 'grammy/types';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { phone } from '../helpers/in-process.js';
import { describeWithBrowser, signInPage, browserWorld } from '../helpers/browser.js';

/** The reference's check of launch data: HMAC-SHA256 under HMAC_SHA256("WebAppData", token). */
function validHash(initData: string, token: string): boolean {
  const fields = new URLSearchParams(initData);
  const hash = fields.get('hash');
  fields.delete('hash');
  const check = [...fields.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(token).digest();
  return createHmac('sha256', secret).update(check).digest('hex') === hash;
}

/** A reverse proxy that serves the world.server under `/w/team` (as a workspace is), counting the paths asked. */
function prefixProxy(upstream: string, asked: string[]): Promise<Server> {
  const target = new URL(upstream);
  const proxy = createServer((incoming, outgoing) => {
    const url = incoming.url ?? '/';
    asked.push(url);
    if (!url.startsWith('/w/team/')) return void outgoing.writeHead(404).end();
    const forward = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: url.slice('/w/team'.length),
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.on('error', () => outgoing.destroy());
        answer.pipe(outgoing);
      },
    );
    // A request cut short on either side ends the other; its "socket hang up" is expected, not a fault.
    forward.on('error', () => outgoing.destroy());
    incoming.on('error', () => forward.destroy());
    incoming.pipe(forward);
    // A closed tab ends its event stream upstream too.
    outgoing.on('close', () => forward.destroy());
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(proxy)));
}

describeWithBrowser('formatting and Mini Apps in the web client', () => {
  const world = browserWorld();
  let bot: Bot;
  let token: string;
  const heard: Message[] = [];

  beforeAll(async () => {
    const created = await world.server.control.createBot({
      username: 'stylist_web_bot',
      first_name: 'Stylist',
    });
    token = created.token;
    bot = new Bot(token, { client: { apiRoot: world.server.url } });
    bot.command('start', (ctx) =>
      ctx.reply('Welcome', {
        reply_markup: {
          inline_keyboard: [[{ text: 'Open catalogue', web_app: { url: 'https://shop.example/list' } }]],
        },
      }),
    );
    bot.on('message', (ctx) => {
      heard.push(ctx.message);
    });
    void bot.start({ drop_pending_updates: true });
  }, 60_000);

  afterAll(async () => {
    await bot?.stop();
  });

  const signIn = signInPage;

  /** The URL of the tab that `open` opens (the app's host answers a stub page: no network here). */
  async function opened(context: BrowserContext, open: () => Promise<void>): Promise<URL> {
    const popup = context.waitForEvent('page');
    await open();
    const tab = await popup;
    await tab.waitForLoadState('domcontentloaded');
    return new URL(tab.url());
  }

  it('sends formatted text; opens the menu button app and a web_app button with launch data', async () => {
    const kim = await world.server.control.createUser({ phone_number: phone(), first_name: 'Kim' });
    const context = await world.browser.newContext();
    await context.route('https://shop.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Shop</title>' }),
    );
    const page = await signIn(context, `${world.server.url}/web/`, kim.phone_number!);
    await page.getByRole('button', { name: 'Stylist @stylist_web_bot' }).click();
    await page.getByRole('button', { name: 'Start' }).click();
    await expect
      .poll(() => page.getByRole('article').filter({ hasText: 'Welcome' }).count(), { timeout: 15_000 })
      .toBe(1);

    // The toolbar wraps the selection; markers typed by hand work the same.
    const composer = page.getByLabel('Message');
    await composer.fill('hello world');
    await composer.evaluate((box) =>
      (box as unknown as { setSelectionRange(from: number, to: number): void }).setSelectionRange(6, 11),
    );
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' }).click();
    await expect.poll(() => composer.inputValue()).toBe('hello **world**');
    // The toolbar selects the wrapped word a frame after the new value shows: wait for it, or End
    // could come first and the typing below replace the word.
    await expect
      .poll(() =>
        composer.evaluate((box) => {
          const area = box as unknown as { selectionStart: number; selectionEnd: number };
          return [area.selectionStart, area.selectionEnd];
        }),
      )
      .toEqual([8, 13]);
    await composer.press('End');
    await composer.pressSequentially(' __it__ ~~gone~~ ||secret|| `x` [docs](https://example.com/docs)');
    await composer.press('Enter');
    await expect
      .poll(() => heard.find((m) => m.text?.startsWith('hello')), { timeout: 15_000 })
      .toMatchObject({
        text: 'hello world it gone secret x docs',
        entities: expect.arrayContaining([
          { type: 'bold', offset: 6, length: 5 },
          { type: 'italic', offset: 12, length: 2 },
          { type: 'strikethrough', offset: 15, length: 4 },
          { type: 'spoiler', offset: 20, length: 6 },
          { type: 'code', offset: 27, length: 1 },
          { type: 'text_link', offset: 29, length: 4, url: 'https://example.com/docs' },
        ]),
      });
    const sent = page.getByRole('article').filter({ hasText: 'hello world' });
    await expect.poll(() => sent.locator('strong', { hasText: 'world' }).count()).toBe(1);
    await expect
      .poll(() => sent.getByRole('link', { name: 'docs' }).getAttribute('href'))
      .toBe('https://example.com/docs');

    // A web_app button of the bot's message opens its app.
    const fromButton = await opened(context, () =>
      page.getByRole('button', { name: 'Open catalogue' }).click(),
    );
    expect(`${fromButton.origin}${fromButton.pathname}`).toBe('https://shop.example/list');
    const buttonData = new URLSearchParams(fromButton.hash.slice(1)).get('tgWebAppData')!;
    expect(validHash(buttonData, token)).toBe(true);

    // The bot sets a Mini App as its menu button: it replaces "Menu", and opens the app.
    await bot.api.setChatMenuButton({
      chat_id: kim.id,
      menu_button: { type: 'web_app', text: 'Open shop', web_app: { url: 'https://shop.example/app' } },
    });
    await page.reload();
    await page.getByRole('button', { name: /Stylist/ }).click();
    const menu = page.getByRole('button', { name: 'Open shop' });
    await expect.poll(() => menu.count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByRole('button', { name: 'Menu', exact: true }).count()).toBe(0);
    const fromMenu = await opened(context, () => menu.click());
    expect(`${fromMenu.origin}${fromMenu.pathname}`).toBe('https://shop.example/app');
    const launch = new URLSearchParams(fromMenu.hash.slice(1));
    expect(launch.get('tgWebAppPlatform')).toBe('parley');
    const initData = launch.get('tgWebAppData')!;
    expect(validHash(initData, token)).toBe(true);
    expect(JSON.parse(new URLSearchParams(initData).get('user')!)).toMatchObject({ id: kim.id });
    expect(new URLSearchParams(initData).get('query_id')).toBeTruthy();
    await context.close();
  }, 60_000);

  it('works under a prefix: /w/NAME/web/ talks to /w/NAME/web/api', async () => {
    const asked: string[] = [];
    const proxy = await prefixProxy(world.server.url, asked);
    try {
      const base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/w/team`;
      // Without its slash, the page's address is sent to the one with it, under the prefix too.
      const bare = await fetch(`${base}/web`);
      expect([bare.status, bare.url]).toEqual([200, `${base}/web/`]);
      const lee = await world.server.control.createUser({ phone_number: phone(), first_name: 'Lee' });
      const context = await world.browser.newContext();
      const page = await signIn(context, `${base}/web/index.html`, lee.phone_number!);
      await page.getByRole('button', { name: 'Stylist @stylist_web_bot' }).click();
      await page.getByRole('button', { name: 'Start' }).click();
      await expect
        .poll(() => page.getByRole('article').filter({ hasText: 'Welcome' }).count(), { timeout: 15_000 })
        .toBe(1);
      // Everything the page asked went through the prefix (but the browser's own /favicon.ico).
      expect(asked.filter((path) => !path.startsWith('/w/team/') && path !== '/favicon.ico')).toEqual([]);
      expect(asked).toContain('/w/team/web/api/messages');
      expect(asked.some((path) => path.startsWith('/w/team/web/assets/'))).toBe(true);
      // A refresh keeps the session and the page (sessionStorage; the page at /w/team/web/).
      await page.goto(`${base}/web/`);
      await expect
        .poll(() => page.getByRole('button', { name: 'Sign out' }).count(), { timeout: 15_000 })
        .toBe(1);
      await context.close();
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  }, 60_000);
});
