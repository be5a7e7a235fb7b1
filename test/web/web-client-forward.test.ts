/**
 * Forward in the web client (issue 29, ADR 0103), at a phone's width and a wide screen's: a
 * message's Actions offer Forward, which opens a picker of the person's chats (searchable by name);
 * picking one forwards the message as the platform forwards it, so the grammY bot of the target chat
 * receives it with the forward_origin a bot's forwardMessage would give it, and the bubble says
 * "Forwarded from ...". The person API refuses what forwardMessage refuses (a missing message 404 in
 * its own format), and changes nothing then.
 */
import { Bot } from 'grammy';
import type { Message as BotMessage } from 'grammy/types';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { phone } from '../helpers/in-process.js';
import { describeWithBrowser, sidewaysScroll, browserWorld } from '../helpers/browser.js';

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 800 };

describeWithBrowser('forwarding in the web client', () => {
  const world = browserWorld();
  /** The bot whose message is forwarded. */
  let source: Bot;
  /** The bot of the chat it is forwarded to, which keeps what it receives. */
  let target: Bot;
  let sourceRecord: { id: number; username: string };
  const received: BotMessage[] = [];

  beforeAll(async () => {
    const a = await world.server.control.createBot({ username: 'weather_fwd_bot', first_name: 'Weather' });
    const b = await world.server.control.createBot({ username: 'notes_fwd_bot', first_name: 'Notes' });
    sourceRecord = { id: a.id, username: a.username! };
    source = new Bot(a.token, { client: { apiRoot: world.server.url } });
    source.command('start', (ctx) => ctx.reply('Sunny, 21 degrees'));
    target = new Bot(b.token, { client: { apiRoot: world.server.url } });
    target.on('message', (ctx) => {
      received.push(ctx.message);
    });
    // Both bots poll before anyone writes to them (drop_pending_updates would drop an early message).
    await Promise.all(
      [source, target].map(
        (bot) =>
          new Promise<void>(
            (resolve) => void bot.start({ drop_pending_updates: true, onStart: () => resolve() }),
          ),
      ),
    );
  }, 60_000);

  afterAll(async () => {
    await source?.stop();
    await target?.stop();
  });

  /** A person with a chat with each bot: the weather bot's answer, and a hello to the notes bot. */
  async function personWithChats(name: string) {
    const person = await world.server.control.createUser({ phone_number: phone(), first_name: name });
    await world.server.control.sendMessage({ from: person.id, chat: '@weather_fwd_bot', text: '/start' });
    await expect
      .poll(
        async () =>
          (await world.server.control.listMessages({ user: person.id, chat: '@weather_fwd_bot' })).length,
        {
          timeout: 15_000,
        },
      )
      .toBe(2);
    await world.server.control.sendMessage({ from: person.id, chat: '@notes_fwd_bot', text: 'hello notes' });
    await expect
      .poll(() => received.filter((m) => m.from?.id === person.id).length, { timeout: 15_000 })
      .toBe(1);
    return person;
  }

  const signedIn = world.signedIn;
  const sideways = sidewaysScroll;

  /** Opens the chat named `name` from the chat list (going Back first where one pane shows). */
  async function openChat(page: Page, name: string) {
    const back = page.getByRole('button', { name: 'Back to chats' });
    if (await back.isVisible()) await back.click();
    await page
      .getByRole('navigation', { name: 'Chats' })
      .getByRole('button', { name: new RegExp(name) })
      .click();
  }

  it.each([
    ['a phone', PHONE],
    ['a wide screen', WIDE],
  ])(
    'forwards a bot’s message to another chat on %s, and that chat’s bot gets it with forward_origin',
    async (_, viewport) => {
      const person = await personWithChats(viewport === PHONE ? 'Pat' : 'Wendy');
      const { context, page } = await signedIn(viewport, person.phone_number!);
      await openChat(page, 'Weather');
      const sunny = page.getByRole('article').filter({ hasText: 'Sunny, 21 degrees' });
      await expect.poll(() => sunny.count(), { timeout: 15_000 }).toBe(1);

      await sunny.getByRole('button', { name: 'Actions' }).click();
      await page
        .getByRole('group', { name: 'Message actions' })
        .getByRole('button', { name: 'Forward' })
        .click();
      const picker = page.getByRole('dialog', { name: 'Forward message' });
      await expect.poll(() => picker.isVisible()).toBe(true);
      // Both chats are offered; the search narrows them to the one named.
      const offered = picker.getByRole('list', { name: 'Chats to forward to' }).getByRole('button');
      await expect.poll(() => offered.count(), { timeout: 15_000 }).toBe(2);
      await picker.getByLabel('Search chats').fill('not');
      // (The avatar's initials are hidden from the accessible name.)
      await expect.poll(() => offered.count()).toBe(1);
      expect(await picker.getByRole('button', { name: 'Notes', exact: true }).count()).toBe(1);
      // Nothing scrolls sideways with the picker open.
      expect(await sideways(page)).toBe(0);
      await offered.click();
      await expect
        .poll(() => page.getByRole('status').textContent(), { timeout: 15_000 })
        .toBe('Forwarded to Notes');
      expect(await picker.count()).toBe(0);

      // The notes bot gets the message with the origin a bot's forward carries: the weather bot.
      await expect
        .poll(() => received.filter((m) => m.from?.id === person.id && m.forward_origin).length, {
          timeout: 15_000,
        })
        .toBe(1);
      const forwarded = received.find((m) => m.from?.id === person.id && m.forward_origin)!;
      expect(forwarded).toMatchObject({
        text: 'Sunny, 21 degrees',
        chat: { id: person.id, type: 'private' },
        forward_origin: {
          type: 'user',
          sender_user: {
            id: sourceRecord.id,
            is_bot: true,
            first_name: 'Weather',
            username: sourceRecord.username,
          },
        },
        // The legacy fields the reference still writes beside it.
        forward_from: { id: sourceRecord.id, is_bot: true },
      });
      const [original] = await world.server.control.listMessages({
        user: person.id,
        chat: '@weather_fwd_bot',
        limit: 1,
      });
      expect(forwarded.forward_origin).toMatchObject({ date: original!.date });
      expect((forwarded as { forward_date?: number }).forward_date).toBe(original!.date);

      // In the notes chat the bubble says where it came from.
      await openChat(page, 'Notes');
      const bubble = page.getByRole('article').filter({ hasText: 'Sunny, 21 degrees' });
      await expect.poll(() => bubble.count(), { timeout: 15_000 }).toBe(1);
      expect(await bubble.locator('.forwarded').textContent()).toBe('Forwarded from Weather');
      await context.close();
    },
  );

  it('forwards the person’s own message as theirs, and refuses what forwardMessage refuses', async () => {
    const person = await personWithChats('Olga');
    const { context, page } = await signedIn(WIDE, person.phone_number!);
    await openChat(page, 'Notes');
    const hello = page.getByRole('article').filter({ hasText: 'hello notes' });
    await expect.poll(() => hello.count(), { timeout: 15_000 }).toBe(1);
    // A right click opens the same Actions.
    await hello.click({ button: 'right' });
    await page.getByRole('button', { name: 'Forward' }).click();
    const picker = page.getByRole('dialog', { name: 'Forward message' });
    await picker.getByRole('button', { name: /Weather/ }).click();
    await expect
      .poll(() => page.getByRole('status').textContent(), { timeout: 15_000 })
      .toBe('Forwarded to Weather');
    const [copy] = await world.server.control.listMessages({
      user: person.id,
      chat: '@weather_fwd_bot',
      limit: 1,
    });
    expect(copy).toMatchObject({
      text: 'hello notes',
      forward_origin: { type: 'user', sender_user: { id: person.id, first_name: 'Olga' } },
    });

    // The person API's refusals: a message that is not there, a chat the person cannot see, the
    // service chat. Each leaves the target chat as it was.
    const token = await page.evaluate(() =>
      (
        globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } }
      ).sessionStorage.getItem('parley.session'),
    );
    const forward = (body: Record<string, unknown>) =>
      fetch(`${world.server.url}/web/api/forward`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as unknown }));
    const before = await world.server.control.listMessages({
      user: person.id,
      chat: '@notes_fwd_bot',
      limit: 10,
    });
    expect(await forward({ from_chat: '@weather_fwd_bot', message_id: 999, chat: '@notes_fwd_bot' })).toEqual(
      {
        status: 404,
        body: {
          ok: false,
          error: 'MESSAGE_TO_FORWARD_NOT_FOUND',
          description: 'message to forward not found',
        },
      },
    );
    expect(await forward({ from_chat: '-100123', message_id: 1, chat: '@notes_fwd_bot' })).toMatchObject({
      status: 404,
      body: { ok: false, error: 'CHAT_NOT_FOUND' },
    });
    expect(await forward({ from_chat: '@weather_fwd_bot', message_id: 1, chat: '489000' })).toMatchObject({
      status: 403,
      body: { ok: false, error: 'CHAT_WRITE_FORBIDDEN' },
    });
    const secret = await source.api.sendMessage(person.id, 'secret forecast', { protect_content: true });
    expect(
      await forward({ from_chat: '@weather_fwd_bot', message_id: secret.message_id, chat: '@notes_fwd_bot' }),
    ).toEqual({
      status: 400,
      body: { ok: false, error: 'MESSAGE_CANT_BE_FORWARDED', description: "the message can't be forwarded" },
    });
    expect(await forward({ from_chat: '@weather_fwd_bot', chat: '@notes_fwd_bot' })).toMatchObject({
      status: 400,
      body: { ok: false, error: 'BAD_REQUEST', description: 'message_id is required' },
    });
    expect(
      await world.server.control.listMessages({ user: person.id, chat: '@notes_fwd_bot', limit: 10 }),
    ).toEqual(before);
    await context.close();
  });
});
