/**
 * Message search (issue 29, ADR 0101) through the control API and `parley messages search`: a
 * grammY bot's replies and people's messages found by word prefixes, only where the searching person
 * sees them, edits and deletions followed, pages by cursor.
 */
import { Bot } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliRunner, controlFailure } from './helpers/cli-runner.js';
import { phone, startServer, type TestServer } from './helpers/in-process.js';
import { waitFor } from './helpers/wait-for.js';
import type { MessageSearchPage } from '../src/testkit/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
const parley = cliRunner(() => server);

const texts = (page: MessageSearchPage) => page.messages.map((message) => message.text);

describe('message search', () => {
  it("finds a grammY bot's replies and people's messages that the person sees, newest first", async () => {
    const { control } = server;
    const alice = await control.createUser({ phone_number: phone(), first_name: 'Alice' });
    const bob = await control.createUser({ phone_number: phone(), first_name: 'Bob' });
    const carol = await control.createUser({ phone_number: phone(), first_name: 'Carol' });
    const record = await control.createBot({ username: 'search_echo_bot' });
    const bot = new Bot(record.token, { client: { apiRoot: server.url } });
    bot.on('message:text', (ctx) => ctx.reply(`Echo: ${ctx.msg.text}`));
    void bot.start({ timeout: 1 });
    try {
      await waitFor(() => bot.isRunning(), { what: 'the bot polling' });
      const chat = `@${record.username}`;
      const talk = async (from: number, text: string) => {
        const sent = await control.sendMessage({ from, chat, text });
        const reply = await control.waitForMessage({ user: from, chat, after_message_id: sent.message_id });
        return { sent, reply };
      };
      const first = await talk(alice.id, 'Parleying about parsnips');
      await talk(alice.id, 'weather report please');
      await talk(bob.id, 'parsnips are private to Bob');
      const group = await control.createChat({ owner: bob.id, title: 'Garden club', members: [alice.id] });
      await control.sendMessage({ from: bob.id, chat: group.id, text: 'PARSNIP harvest on Sunday' });
      const secret = await control.createChat({ owner: carol.id, title: 'Carol only', members: [bob.id] });
      await control.sendMessage({ from: carol.id, chat: secret.id, text: 'parsnip plans, hush' });

      // Alice sees her chat with the bot (her words and the bot's replies) and the group, not Bob's
      // chat with the bot nor a group she is not in. "pars" starts "Parleying" and "parsnips".
      const found = await control.searchMessages({ user: alice.id, q: 'pars' });
      expect(texts(found)).toEqual([
        'PARSNIP harvest on Sunday',
        'Echo: Parleying about parsnips',
        'Parleying about parsnips',
      ]);
      expect(found.messages[0]!.chat).toMatchObject({ id: group.id, title: 'Garden club' });
      expect(found.messages[1]).toMatchObject({ from: { id: record.id }, chat: { id: record.id } });
      expect(found.next_cursor).toBeUndefined();
      expect(texts(await control.searchMessages({ user: alice.id, q: 'pars', chat }))).toEqual([
        'Echo: Parleying about parsnips',
        'Parleying about parsnips',
      ]);
      expect(texts(await control.searchMessages({ user: alice.id, q: 'echo WEATH' }))).toEqual([
        'Echo: weather report please',
      ]);
      expect(texts(await control.searchMessages({ user: bob.id, q: 'parsnip', chat: secret.id }))).toEqual([
        'parsnip plans, hush',
      ]);
      // Carol's group is not Alice's: nothing to find there, as nothing to list.
      expect(await control.searchMessages({ user: alice.id, q: 'parsnip', chat: secret.id })).toEqual({
        messages: [],
      });

      // Pages: one message each, the cursor leads on, and the last page has none.
      const pages: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await control.searchMessages({ user: alice.id, q: 'pars', limit: 1, cursor });
        pages.push(...(texts(page) as string[]));
        cursor = page.next_cursor;
      } while (cursor !== undefined && pages.length < 10);
      expect(pages).toEqual(texts(found));

      // The bot edits its reply through the Bot API; Alice deletes her own message.
      await bot.api.editMessageText(alice.id, first.reply.message_id, 'Echo: turnips instead');
      await control.deleteMessage({ user: alice.id, chat, message_id: first.sent.message_id });
      expect(texts(await control.searchMessages({ user: alice.id, q: 'pars', chat }))).toEqual([]);
      expect(texts(await control.searchMessages({ user: alice.id, q: 'turnip' }))).toEqual([
        'Echo: turnips instead',
      ]);

      // Refusals in the control API's format.
      expect(
        await controlFailure(control.searchMessages({ user: alice.id, q: 'pars', cursor: 'x' })),
      ).toMatchObject({
        status: 400,
        code: 'BAD_REQUEST',
      });
      expect(await controlFailure(control.searchMessages({ user: 'nobody_here', q: 'pars' }))).toMatchObject({
        status: 404,
        code: 'USER_NOT_FOUND',
      });
      expect(await controlFailure(control.searchMessages({ user: alice.id, q: '' }))).toMatchObject({
        status: 400,
      });

      // The CLI: one line a message with its chat, or the page as JSON.
      const human = await parley('messages', 'search', '--user', alice.phone_number, 'harvest');
      expect(human).toMatchObject({ code: 0, stderr: '' });
      expect(human.stdout).toBe('Garden club: [#2 from Bob] PARSNIP harvest on Sunday');
      const json = await parley(
        'messages',
        'search',
        '--user',
        String(alice.id),
        'echo',
        '--chat',
        chat,
        '--json',
      );
      expect(json.code).toBe(0);
      expect(texts(JSON.parse(json.stdout) as MessageSearchPage)).toEqual([
        'Echo: weather report please',
        'Echo: turnips instead',
      ]);
      const paged = await parley('messages', 'search', '--user', String(alice.id), 'echo', '--limit', '1');
      expect(paged.stdout).toMatch(/^.*Echo: weather report please\nmore: --cursor \S+$/);
      const none = await parley('messages', 'search', '--user', String(alice.id), 'zucchini');
      expect(none.stdout).toBe('no messages');
    } finally {
      await bot.stop();
    }
  });

  it('answers the person API in its own envelope: found messages, a foreign chat 404, a bad cursor 400', async () => {
    const { control } = server;
    const dana = await control.createUser({ phone_number: phone(), first_name: 'Dana' });
    const erin = await control.createUser({ phone_number: phone(), first_name: 'Erin' });
    const mine = await control.createChat({ owner: dana.id, title: 'Quince club', members: [erin.id] });
    const theirs = await control.createChat({ owner: erin.id, title: 'Erin alone' });
    await control.sendMessage({ from: erin.id, chat: mine.id, text: 'quince jelly tonight' });
    await control.sendMessage({ from: erin.id, chat: theirs.id, text: 'quince secrets' });
    const signIn = await fetch(`${server.url}/web/api/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number: dana.phone_number }),
    });
    const { result } = (await signIn.json()) as { result: { token: string } };
    const ask = async (query: Record<string, string>) => {
      const response = await fetch(`${server.url}/web/api/messages/search?${new URLSearchParams(query)}`, {
        headers: { authorization: `Bearer ${result.token}` },
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const found = await ask({ q: 'QUIN' });
    expect(found.status).toBe(200);
    expect(texts((found.body as { result: MessageSearchPage }).result)).toEqual(['quince jelly tonight']);
    expect(await ask({ q: 'quince', chat: String(theirs.id) })).toEqual({
      status: 404,
      body: { ok: false, error: 'CHAT_NOT_FOUND', description: 'chat not found' },
    });
    expect(await ask({ q: 'quince', cursor: '1.2' })).toMatchObject({
      status: 400,
      body: { ok: false, error: 'BAD_REQUEST' },
    });
    expect(await ask({ q: '' })).toMatchObject({ status: 400, body: { ok: false, error: 'BAD_REQUEST' } });
  });
});
