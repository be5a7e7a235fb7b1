/**
 * The person API's page of messages around one (`GET /web/api/messages?chat=&around=`, ADR 0101
 * addendum), over HTTP: 50 before, the message, 50 after, as the person sees them (their own
 * ephemeral messages in their place); reading it marks the chat read up to that message and no
 * further; a message the chat does not have, a chat the person cannot see and a malformed id are
 * refused in the person API's format.
 */
import { Api } from 'grammy';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/in-process.js';
import { signedInPerson } from '../helpers/person-api.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

/** A person signed in to the person API, and a GET of it. */
async function signedIn(first_name: string) {
  const person = await signedInPerson(server, first_name);
  return {
    user: person.user,
    get: (path: string, query: Record<string, string | number>) => person.call('GET', path, query),
  };
}

const ids = (messages: { message_id: number }[]) => messages.map((m) => m.message_id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

it('answers 50 messages before the one asked for and 50 after it, and reads the chat only up to it', async () => {
  const bot = await server.control.createBot({ username: `around${Date.now() % 100_000}_bot` });
  const api = new Api(bot.token, { apiRoot: server.url });
  const rosa = await signedIn('Rosa');
  await server.control.sendMessage({ from: rosa.user.id, chat: `@${bot.username}`, text: '/start' });
  for (let i = 2; i <= 160; i++) await api.sendMessage(rosa.user.id, `line ${i}`);
  const chat = String(bot.id);

  const middle = await rosa.get('/messages', { chat, around: 80 });
  expect(middle.status).toBe(200);
  expect(ids(middle.result)).toEqual(range(30, 130));
  expect(middle.result[50]).toMatchObject({ message_id: 80, text: 'line 80', from: { id: bot.id } });

  // Read up to the message shown, not past it: the 80 newer ones stay unread.
  const unread = async () =>
    ((await rosa.get('/chats', {})).result as { chat: { id: number }; unread_count: number }[]).find(
      (entry) => entry.chat.id === bot.id,
    )!.unread_count;
  expect(await unread()).toBe(80);
  // An older page does not move the read mark back.
  const early = await rosa.get('/messages', { chat, around: 5 });
  expect(ids(early.result)).toEqual(range(1, 55));
  expect(await unread()).toBe(80);
  const late = await rosa.get('/messages', { chat, around: 140 });
  expect(ids(late.result)).toEqual(range(90, 160));
  expect(await unread()).toBe(20);
  // The newest page reads it all, as before.
  expect(ids((await rosa.get('/messages', { chat })).result)).toEqual(range(61, 160));
  expect(await unread()).toBe(0);
});

it('places the person’s own ephemeral messages within the page, and no one else’s', async () => {
  const bot = await server.control.createBot({ username: `aroundeph${Date.now() % 100_000}_bot` });
  const api = new Api(bot.token, { apiRoot: server.url });
  const ana = await signedIn('Ana');
  const ben = await signedIn('Ben');
  const group = await server.control.createChat({
    owner: ana.user.id,
    title: 'Around group',
    type: 'supergroup',
    members: [ben.user.id, bot.id],
  });
  await server.control.promoteChatMember({
    by: ana.user.id,
    chat: group.id,
    user: bot.id,
    rights: { can_delete_messages: true },
  });
  const posted: number[] = [];
  for (let i = 1; i <= 120; i++) {
    posted[i] = (await api.sendMessage(group.id, `post ${i}`)).message_id;
    if (i === 9 || i === 60 || i === 115) {
      await api.sendMessage(group.id, `for Ana after ${i}`, {
        ephemeral_message_parameters: { receiver_user_id: ana.user.id },
      } as never);
    }
  }
  const page = await ana.get('/messages', { chat: group.id, around: posted[60]! });
  const texts = (page.result as { text?: string }[]).map((m) => m.text);
  expect(texts[0]).toBe('post 10');
  expect(texts.at(-1)).toBe('post 110');
  // Those placed within the page (after post 60), not one before it (after post 9) or after it.
  expect(texts.filter((t) => t?.startsWith('for Ana'))).toEqual(['for Ana after 60']);
  expect(texts.indexOf('for Ana after 60')).toBe(texts.indexOf('post 60') + 1);
  const bens = await ben.get('/messages', { chat: group.id, around: posted[60]! });
  expect((bens.result as { text?: string }[]).map((m) => m.text).slice(0, 2)).toEqual(['post 10', 'post 11']);
  expect((bens.result as { text?: string }[]).some((m) => m.text?.startsWith('for Ana'))).toBe(false);
});

it('refuses a message the chat does not have, a chat the person cannot see, and a malformed id', async () => {
  const bot = await server.control.createBot({ username: `aroundno${Date.now() % 100_000}_bot` });
  const eve = await signedIn('Eve');
  const sam = await signedIn('Sam');
  for (const text of ['one', 'two', 'three'])
    await server.control.sendMessage({ from: eve.user.id, chat: `@${bot.username}`, text });
  const samsGroup = await server.control.createChat({ owner: sam.user.id, title: 'Sam only' });
  await server.control.sendMessage({ from: sam.user.id, chat: String(samsGroup.id), text: 'private' });

  expect(await eve.get('/messages', { chat: bot.id, around: 99 })).toMatchObject({
    status: 404,
    ok: false,
    error: 'MESSAGE_NOT_FOUND',
  });
  expect(await eve.get('/messages', { chat: samsGroup.id, around: 1 })).toMatchObject({
    status: 404,
    ok: false,
    error: 'CHAT_NOT_FOUND',
  });
  expect(await eve.get('/messages', { chat: bot.id, around: 'x' })).toMatchObject({
    status: 400,
    error: 'BAD_REQUEST',
  });
  expect(ids((await eve.get('/messages', { chat: bot.id, around: 2 })).result)).toEqual([1, 2, 3]);
});
