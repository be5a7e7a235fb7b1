/**
 * The web client's person API over HTTP (ADR 0055), without a browser: signing in as a device,
 * sessions refused once signed out or tampered with, the chat list with unread counts, the event
 * stream, the page served at /web/ and `/` redirecting there, and the strict profile's refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from 'grammy';
import { startServer, phone, type TestServer } from '../helpers/in-process.js';
import { openEventStream } from '../helpers/event-stream.js';
import { waitFor } from '../helpers/wait-for.js';
import { ensurePageBuilt } from '../helpers/browser.js';

let server: TestServer;
beforeAll(async () => {
  await ensurePageBuilt();
  server = await startServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

async function web(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${server.url}/web/api${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return {
    status: response.status,
    // The answers' shapes are checked by the assertions themselves.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    body: (await response.json()) as Record<string, unknown> & { result?: any },
  };
}

async function signIn(phoneNumber: string, firstName?: string) {
  const { body } = await web('/sign-in', { body: { phone_number: phoneNumber, first_name: firstName } });
  expect(body.ok).toBe(true);
  return body.result as { token: string; user: { id: number }; device_id: number };
}

/** Opens the person's event stream; `text()` is what it received so far. */
const openStream = (token: string) => openEventStream(`${server.url}/web/api/events`, token);

describe('the web client person API', () => {
  it('serves the page at /web/ and redirects / there', async () => {
    const root = await fetch(`${server.url}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/web/');
    const page = await fetch(`${server.url}/web/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('<div id="app">');
  });

  it('signs a person in as a new device, creating the person when a name is given', async () => {
    const number = phone();
    expect(await web('/sign-in', { body: { phone_number: number } })).toMatchObject({
      status: 404,
      body: { ok: false, error: 'USER_NOT_FOUND' },
    });
    expect(await web('/sign-in', { body: {} })).toMatchObject({
      status: 400,
      body: { error: 'BAD_REQUEST' },
    });
    const first = await signIn(number, 'Carol');
    const second = await signIn(number);
    expect(second.user.id).toBe(first.user.id);
    expect(second.device_id).not.toBe(first.device_id);
    const devices = await server.control.listDevices(number);
    expect(devices.map((d) => d.name)).toEqual(['Phone', 'Web browser', 'Web browser']);
    expect((await web('/me', { token: first.token })).body.result).toMatchObject({
      user: { id: first.user.id, first_name: 'Carol', phone_number: number },
      device_id: first.device_id,
    });
  });

  it('refuses a missing, tampered or signed-out token', async () => {
    const session = await signIn(phone(), 'Dave');
    expect(await web('/me')).toMatchObject({ status: 401, body: { error: 'SESSION_INVALID' } });
    const [prefix, user, device, secret] = session.token.split('.');
    const tampered = [
      `${prefix}.${user}.${device}.${secret!.slice(0, -2)}xx`,
      `${prefix}.${Number(user) + 1}.${device}.${secret}`,
      `${prefix}.${user}.${Number(device) + 1}.${secret}`,
      'nonsense',
    ];
    for (const token of tampered) expect((await web('/me', { token })).status).toBe(401);
    expect((await web('/sign-out', { token: session.token, body: {} })).body).toEqual({
      ok: true,
      result: true,
    });
    expect((await web('/me', { token: session.token })).status).toBe(401);
    expect((await web('/chats', { token: session.token })).status).toBe(401);
  });

  it('lists chats with unread counts, and reading a chat clears its count', async () => {
    const created = await server.control.createBot({ username: 'webapi_lister_bot' });
    const bot = new Api(created.token, { apiRoot: server.url });
    const session = await signIn(phone(), 'Erin');
    const token = session.token;
    expect((await web('/bots', { token })).body.result).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: created.id, username: 'webapi_lister_bot' })]),
    );
    expect((await web('/chats', { token })).body.result).toEqual([]);
    const sent = await web('/messages', { token, body: { chat: '@webapi_lister_bot', text: '/start' } });
    expect(sent.body.result).toMatchObject({ text: '/start', chat: { id: created.id } });
    await bot.sendMessage(session.user.id, 'first');
    await bot.sendMessage(session.user.id, 'second');
    const [entry] = (await web('/chats', { token })).body.result;
    expect(entry).toMatchObject({
      chat: { id: created.id, type: 'private', username: 'webapi_lister_bot' },
      last_message: { text: 'second' },
      unread_count: 2,
    });
    const messages = (await web(`/messages?chat=${created.id}`, { token })).body.result as { text: string }[];
    expect(messages.map((m) => m.text)).toEqual(['/start', 'first', 'second']);
    expect((await web('/chats', { token })).body.result[0].unread_count).toBe(0);
    expect(await web('/messages', { token, body: { chat: '@webapi_lister_bot', text: ' ' } })).toMatchObject({
      status: 400,
      body: { error: 'MESSAGE_TEXT_EMPTY' },
    });
  });

  it('streams the events of the person’s chats, and the device is online while it is open', async () => {
    const created = await server.control.createBot({ username: 'webapi_stream_bot' });
    const bot = new Api(created.token, { apiRoot: server.url });
    const session = await signIn(phone(), 'Frank');
    const other = await signIn(phone(), 'Grace');
    await web('/messages', { token: session.token, body: { chat: '@webapi_stream_bot', text: 'hello' } });
    await web('/messages', { token: other.token, body: { chat: '@webapi_stream_bot', text: 'hello' } });

    const stream = await openStream(session.token);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const received = () => stream.text();
    await waitFor(() => received().includes('event: ready'), { what: 'the ready event' });
    const online = await server.control.listDevices(String(session.user.id));
    expect(online.find((d) => d.id === session.device_id)?.online).toBe(true);

    await bot.sendMessage(other.user.id, 'not for Frank');
    const mine = await bot.sendMessage(session.user.id, 'for Frank');
    await waitFor(() => received().includes(`"message_id":${mine.message_id}`), {
      what: 'the message event',
    });
    expect(received()).toContain(`"chat_id":${created.id}`);
    expect(received().match(/event: message/g)).toHaveLength(1);
    await bot.editMessageText(session.user.id, mine.message_id, 'for Frank, edited');
    await waitFor(() => received().includes('"kind":"changed"'), { what: 'the edit event' });

    await stream.close();
    await waitFor(
      async () =>
        (await server.control.listDevices(String(session.user.id))).find((d) => d.id === session.device_id)
          ?.online === false,
      { what: 'the device offline' },
    );
  });

  it('streams by key: a group the person joins while the stream is open, a chat they start, and not other people’s chats', async () => {
    const created = await server.control.createBot({ username: 'webapi_keyed_bot' });
    const ann = await signIn(phone(), 'Ann');
    const bob = await server.control.createUser({ phone_number: phone(), first_name: 'Bob' });
    const carol = await server.control.createUser({ phone_number: phone(), first_name: 'Carol' });
    const stream = await openStream(ann.token);
    try {
      await waitFor(() => stream.text().includes('event: ready'), { what: 'the ready event' });
      // A group of Bob and Carol: Ann is not in it and hears nothing of it.
      const group = await server.control.createChat({ owner: bob.id, title: 'Keyed', members: [carol.id] });
      const before = await server.control.sendMessage({ from: bob.id, chat: group.id, text: 'not for Ann' });
      // Ann is added: the service message about it and the group's next message reach her stream.
      await server.control.addChatMember({ by: bob.id, chat: group.id, user: ann.user.id });
      const after = await server.control.sendMessage({ from: carol.id, chat: group.id, text: 'for Ann too' });
      await waitFor(() => stream.text().includes(`"message_id":${after.message_id}`), {
        what: 'the group message after Ann joined',
      });
      const groupEvents = stream.text().match(new RegExp(`"chat_id":${group.id},"message_id":(\\d+)`, 'g'));
      expect(groupEvents?.map((e) => Number(e.split(':').pop()))).toEqual([
        before.message_id + 1,
        after.message_id,
      ]);
      // Ann starts a private chat with the bot through the control API: her open stream hears it.
      const first = await server.control.sendMessage({
        from: ann.user.id,
        chat: '@webapi_keyed_bot',
        text: 'hi',
      });
      await waitFor(
        () => stream.text().includes(`"chat_id":${created.id},"message_id":${first.message_id}`),
        {
          what: 'the first message of a private chat Ann started',
        },
      );
    } finally {
      await stream.close();
    }
  });

  it("streams a bot's draft to the person it is written to, and to no one else (ADR 0095 addendum)", async () => {
    const created = await server.control.createBot({ username: 'webapi_draft_bot' });
    const bot = new Api(created.token, { apiRoot: server.url });
    const dora = await signIn(phone(), 'Dora');
    const eve = await signIn(phone(), 'Eve');
    for (const person of [dora, eve])
      await web('/messages', { token: person.token, body: { chat: '@webapi_draft_bot', text: 'hello' } });
    const doras = await openStream(dora.token);
    const eves = await openStream(eve.token);
    try {
      for (const stream of [doras, eves])
        await waitFor(() => stream.text().includes('event: ready'), { what: 'the ready event' });
      await bot.sendMessageDraft(dora.user.id, 5, 'Working on it');
      await waitFor(() => doras.text().includes(`event: draft\ndata: {"chat_id":${created.id}}`), {
        what: "the draft event on Dora's stream",
      });
      // Eve's stream hears her own message (after the draft was announced) and no draft.
      const mark = await bot.sendMessage(eve.user.id, 'for Eve');
      await waitFor(() => eves.text().includes(`"message_id":${mark.message_id}`), { what: "Eve's message" });
      expect(eves.text()).not.toContain('event: draft');
      expect(doras.text().match(/event: draft/g)).toHaveLength(1);
    } finally {
      await doras.close();
      await eves.close();
    }
  });

  it('signs nobody in by phone number alone in the strict profile', async () => {
    const strict = await startServer({ profile: 'strict' });
    try {
      const response = await fetch(`${strict.url}/web/api/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone_number: '+15550009999', first_name: 'Mallory' }),
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ ok: false, error: 'SIGN_IN_BY_CODE_REQUIRED' });
      expect((await fetch(`${strict.url}/web/api/people`)).status).toBe(403);
    } finally {
      await strict.close();
    }
  });
});
