/**
 * The web client's person API over HTTP (ADR 0055), without a browser: signing in as a device,
 * sessions refused once signed out or tampered with, the chat list with unread counts, the event
 * stream, the page served at /web/ and `/` redirecting there, and the strict profile's refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from 'grammy';
import { startServer, phone, type TestServer } from '../helpers/in-process.js';
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

    const stop = new AbortController();
    const response = await fetch(`${server.url}/web/api/events`, {
      headers: { authorization: `Bearer ${session.token}` },
      signal: stop.signal,
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    const pump = (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        received += value;
      }
    })();
    await waitFor(() => received.includes('event: ready'), { what: 'the ready event' });
    const online = await server.control.listDevices(String(session.user.id));
    expect(online.find((d) => d.id === session.device_id)?.online).toBe(true);

    await bot.sendMessage(other.user.id, 'not for Frank');
    const mine = await bot.sendMessage(session.user.id, 'for Frank');
    await waitFor(() => received.includes(`"message_id":${mine.message_id}`), { what: 'the message event' });
    expect(received).toContain(`"chat_id":${created.id}`);
    expect(received.match(/event: message/g)).toHaveLength(1);
    await bot.editMessageText(session.user.id, mine.message_id, 'for Frank, edited');
    await waitFor(() => received.includes('"kind":"changed"'), { what: 'the edit event' });

    stop.abort();
    await pump;
    await waitFor(
      async () =>
        (await server.control.listDevices(String(session.user.id))).find((d) => d.id === session.device_id)
          ?.online === false,
      { what: 'the device offline' },
    );
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
