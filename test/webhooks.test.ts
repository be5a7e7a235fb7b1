/**
 * Webhooks over real HTTP: setWebhook's rules and texts, getWebhookInfo, delivery with the secret
 * header, per-chat order with parallel chats, retries with backoff and Retry-After on the virtual
 * clock, a method call in the webhook's reply, a custom certificate, and the strict profile.
 */
import { generate } from 'selfsigned';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, phone, startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import { startReceiver, texts, type Receiver } from './helpers/receiver.js';
import { waitFor } from './helpers/wait-for.js';

let server: TestServer;
const receivers: Receiver[] = [];
beforeAll(async () => {
  server = await startServer();
});
afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.close();
});
afterAll(async () => {
  await server.close();
});

async function receiver(...args: Parameters<typeof startReceiver>) {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}

const info = async (token: string) =>
  (await callBotApi(server, token, 'getWebhookInfo')).body.result as Record<string, unknown>;

describe('setWebhook', () => {
  it('sets, reports and deletes with the reference descriptions', async () => {
    const { token } = await userAndBot(server, 'wh');
    const first = await callBotApi(server, token, 'setWebhook', {
      url: 'http://127.0.0.1:9/a',
      max_connections: 500,
      secret_token: 's3cret',
    });
    expect(first.body).toEqual({ ok: true, result: true, description: 'Webhook was set' });
    expect(await info(token)).toEqual({
      url: 'http://127.0.0.1:9/a',
      has_custom_certificate: false,
      pending_update_count: 0,
      max_connections: 100,
      ip_address: '127.0.0.1',
    });
    await new Promise((resolve) => setTimeout(resolve, 1001));
    const again = await callBotApi(server, token, 'setWebhook', {
      url: 'http://127.0.0.1:9/a',
      max_connections: 500,
      secret_token: 's3cret',
    });
    expect(again.body.description).toBe('Webhook is already set');
    expect((await callBotApi(server, token, 'deleteWebhook')).body.description).toBe('Webhook was deleted');
    expect((await callBotApi(server, token, 'deleteWebhook')).body.description).toBe(
      'Webhook is already deleted',
    );
    expect(await info(token)).toEqual({ url: '', has_custom_certificate: false, pending_update_count: 0 });
  });

  it('refuses bad input with the reference texts and changes nothing', async () => {
    const { token } = await userAndBot(server, 'whbad');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ url: 'ftp://example.com/x' }, 'Bad Request: invalid webhook URL specified'],
      [
        { url: 'http://127.0.0.1:9/', secret_token: 'a b' },
        'Bad Request: secret token contains unallowed characters',
      ],
      [
        { url: 'http://127.0.0.1:9/', secret_token: 'x'.repeat(257) },
        'Bad Request: secret token is too long',
      ],
      [
        { url: 'http://no-such-host.invalid/' },
        'Bad Request: bad webhook: Failed to resolve host: Name or service not known',
      ],
      [
        { url: 'http://127.0.0.1:9/', ip_address: 'not-an-ip' },
        'Bad Request: bad webhook: Invalid IP address specified',
      ],
    ];
    for (const [params, description] of cases) {
      const answer = await callBotApi(server, token, 'setWebhook', params);
      expect(answer.body).toEqual({ ok: false, error_code: 400, description });
      expect((await info(token)).url).toBe('');
    }
  });

  it('allows one change per second', async () => {
    const { token } = await userAndBot(server, 'whrate');
    await callBotApi(server, token, 'setWebhook', { url: 'http://127.0.0.1:9/a' });
    const second = await callBotApi(server, token, 'setWebhook', { url: 'http://127.0.0.1:9/b' });
    expect(second.status).toBe(429);
    expect(second.body).toEqual({
      ok: false,
      error_code: 429,
      description: 'Too Many Requests: retry after 1',
      parameters: { retry_after: 1 },
    });
    expect(second.headers.get('retry-after')).toBe('1');
  });

  it('drops pending updates only when asked', async () => {
    const { user, bot, token } = await userAndBot(server, 'whdrop');
    await server.control.sendMessage({ from: user.phone_number, chat: `@${bot.username}`, text: 'pending' });
    await callBotApi(server, token, 'deleteWebhook', { drop_pending_updates: false });
    expect((await info(token)).pending_update_count).toBe(1);
    await callBotApi(server, token, 'deleteWebhook', { drop_pending_updates: true });
    // Deleting an absent webhook with drop_pending_updates is a change: the queue is cleared.
    expect((await info(token)).pending_update_count).toBe(0);
  });
});

describe('delivery', () => {
  it('keeps per-chat order while chats go in parallel, within max_connections', async () => {
    const { bot, token } = await userAndBot(server, 'whorder');
    const slow = await receiver((_request, response) => void setTimeout(() => response.end(), 30));
    await callBotApi(server, token, 'setWebhook', { url: slow.url, max_connections: 3 });
    const people = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => server.control.createUser({ phone_number: phone(), first_name: `P${i}` })),
    );
    await Promise.all(
      people.map(async (person) => {
        for (let n = 1; n <= 4; n++) {
          await server.control.sendMessage({
            from: person.phone_number,
            chat: `@${bot.username}`,
            text: `${person.first_name}-${n}`,
          });
        }
      }),
    );
    await waitFor(() => slow.received.length >= 20, { what: '20 deliveries', timeoutMs: 20_000 });
    for (const person of people) {
      const mine = texts(slow).filter((t) => t?.startsWith(`${person.first_name}-`));
      expect(mine).toEqual([1, 2, 3, 4].map((n) => `${person.first_name}-${n}`));
    }
    expect(slow.maxInFlight).toBeGreaterThan(1);
    expect(slow.maxInFlight).toBeLessThanOrEqual(3);
    await waitFor(async () => (await info(token)).pending_update_count === 0, { what: 'empty queue' });
  });

  it('holds back the rest of a chat while its failed update waits for a retry; other chats go on', async () => {
    const { bot, token } = await userAndBot(server, 'whhold');
    const people = await Promise.all(
      [1, 2, 3].map((i) => server.control.createUser({ phone_number: phone(), first_name: `H${i}` })),
    );
    // Queued before the webhook is set, so that delivery starts from a queue read ahead at once.
    for (let n = 1; n <= 4; n++) {
      for (const person of people) {
        await server.control.sendMessage({
          from: person.phone_number,
          chat: `@${bot.username}`,
          text: `${person.first_name}-${n}`,
        });
      }
    }
    let failures = 2;
    const flaky = await receiver((request, response) => {
      if (request.json.message?.text === 'H1-2' && failures > 0) {
        failures -= 1;
        response.statusCode = 502;
      }
      response.end();
    });
    await callBotApi(server, token, 'setWebhook', { url: flaky.url, max_connections: 3 });
    // H1-2 fails twice: the second retry waits 2 s of virtual time. H2 and H3 finish meanwhile.
    await waitFor(
      () => texts(flaky).filter((t) => t === 'H2-4' || t === 'H3-4' || t === 'H1-2').length === 4,
      { what: 'the other chats done and two failed attempts' },
    );
    expect(texts(flaky).filter((t) => t?.startsWith('H1-'))).toEqual(['H1-1', 'H1-2', 'H1-2']);
    await server.control.advanceClock(2);
    await waitFor(() => flaky.received.length === 14, { what: 'all 14 attempts' });
    expect(texts(flaky).filter((t) => t?.startsWith('H1-'))).toEqual([
      'H1-1',
      'H1-2',
      'H1-2',
      'H1-2',
      'H1-3',
      'H1-4',
    ]);
    for (const name of ['H2', 'H3']) {
      expect(texts(flaky).filter((t) => t?.startsWith(`${name}-`))).toEqual(
        [1, 2, 3, 4].map((n) => `${name}-${n}`),
      );
    }
    await waitFor(async () => (await info(token)).pending_update_count === 0, { what: 'empty queue' });
  });

  it('retries failures with backoff on the virtual clock and reports the last error', async () => {
    const { user, bot, token } = await userAndBot(server, 'whretry');
    let failures = 3;
    const flaky = await receiver((_request, response) => {
      if (failures > 0) {
        failures -= 1;
        response.statusCode = 502;
      }
      response.end();
    });
    await callBotApi(server, token, 'setWebhook', { url: flaky.url });
    await server.control.sendMessage({ from: user.phone_number, chat: `@${bot.username}`, text: 'retry me' });
    // First failure: retried at once. Second: waits 2 s of virtual time.
    await waitFor(() => flaky.received.length >= 2, { what: 'two attempts' });
    const status = await info(token);
    expect(status.pending_update_count).toBe(1);
    expect(status.last_error_message).toBe('Wrong response from the webhook: 502 Bad Gateway');
    expect(typeof status.last_error_date).toBe('number');
    await server.control.advanceClock(2);
    await waitFor(() => flaky.received.length >= 3, { what: 'third attempt' });
    await server.control.advanceClock(4);
    await waitFor(() => flaky.received.length >= 4, { what: 'fourth attempt' });
    expect(texts(flaky)).toEqual(['retry me', 'retry me', 'retry me', 'retry me']);
    await waitFor(async () => (await info(token)).pending_update_count === 0, { what: 'delivered' });
  });

  it('waits exactly Retry-After before the next attempt', async () => {
    const { user, bot, token } = await userAndBot(server, 'whafter');
    let answered = false;
    const limited = await receiver((_request, response) => {
      if (!answered) {
        answered = true;
        response.writeHead(429, { 'retry-after': '100' });
      }
      response.end();
    });
    await callBotApi(server, token, 'setWebhook', { url: limited.url });
    await server.control.sendMessage({ from: user.phone_number, chat: `@${bot.username}`, text: 'later' });
    await waitFor(() => limited.received.length === 1, { what: 'first attempt' });
    await server.control.advanceClock(60);
    // Give the worker a chance to (wrongly) retry before the 100 s have passed.
    await waitFor(async () => (await info(token)).pending_update_count === 1, { what: 'still pending' });
    expect(limited.received.length).toBe(1);
    await server.control.advanceClock(41);
    await waitFor(() => limited.received.length === 2, { what: 'second attempt' });
  });

  it('connects to a fixed ip_address instead of resolving the host', async () => {
    const { user, bot, token } = await userAndBot(server, 'whip');
    const target = await receiver();
    // The host does not resolve; the fixed address is used for the connection, the URL for Host.
    const url = `http://hooks.parley.invalid:${target.port}/fixed`;
    const set = await callBotApi(server, token, 'setWebhook', { url, ip_address: '127.0.0.1' });
    expect(set.body.ok).toBe(true);
    expect((await info(token)).ip_address).toBe('127.0.0.1');
    await server.control.sendMessage({ from: user.phone_number, chat: `@${bot.username}`, text: 'fixed' });
    await waitFor(() => target.received.length === 1, { what: 'delivery to the fixed address' });
    expect(target.received[0]!.path).toBe('/fixed');
    expect(target.received[0]!.headers.host).toBe(`hooks.parley.invalid:${target.port}`);
  });

  it('executes a method call in the webhook reply', async () => {
    const { user, bot, token } = await userAndBot(server, 'whreply');
    const replying = await receiver((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          method: 'sendMessage',
          chat_id: request.json.message!.chat.id,
          text: `got ${request.json.message!.text}`,
        }),
      );
    });
    await callBotApi(server, token, 'setWebhook', { url: replying.url });
    await server.control.sendMessage({ from: user.phone_number, chat: `@${bot.username}`, text: 'ping' });
    const reply = await server.control.waitForMessage({
      user: user.phone_number,
      chat: `@${bot.username}`,
      timeout: 10,
    });
    expect(reply.text).toBe('got ping');
  });

  it('trusts an uploaded certificate for an HTTPS webhook', async () => {
    const { user, bot, token } = await userAndBot(server, 'whtls');
    const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
      keySize: 2048,
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    } as never);
    const secure = await receiver(undefined, { key: pems.private, cert: pems.cert });

    // Without the certificate the TLS handshake fails.
    await callBotApi(server, token, 'setWebhook', { url: secure.url });
    await server.control.sendMessage({ from: user.phone_number, chat: `@${bot.username}`, text: 'tls' });
    await waitFor(async () => String((await info(token)).last_error_message ?? '').startsWith('SSL error'), {
      what: 'an SSL error',
    });
    expect(secure.received.length).toBe(0);

    await new Promise((resolve) => setTimeout(resolve, 1001));
    const form = new FormData();
    form.set('url', secure.url);
    form.set('certificate', new Blob([pems.cert]), 'cert.pem');
    const set = await fetch(`${server.url}/bot${token}/setWebhook`, { method: 'POST', body: form });
    expect(await set.json()).toMatchObject({ ok: true, description: 'Webhook was set' });
    expect((await info(token)).has_custom_certificate).toBe(true);
    await server.control.advanceClock(120);
    await waitFor(() => secure.received.length >= 1, { what: 'TLS delivery' });
    expect(texts(secure)).toEqual(['tls']);
  });
});

describe('strict profile', () => {
  let strict: TestServer;
  beforeAll(async () => {
    strict = await startServer({ profile: 'strict' });
  });
  afterAll(async () => {
    await strict.close();
  });

  it('accepts only HTTPS on the hosted ports and no reserved addresses', async () => {
    const { token } = await userAndBot(strict, 'strict');
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { url: 'http://example.com/hook' },
        'Bad Request: bad webhook: An HTTPS URL must be provided for webhook',
      ],
      [
        { url: 'https://example.com:8080/hook' },
        'Bad Request: bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443',
      ],
      [{ url: 'https://127.0.0.1/hook' }, 'Bad Request: bad webhook: IP address 127.0.0.1 is reserved'],
      [{ url: 'https://10.1.2.3:8443/hook' }, 'Bad Request: bad webhook: IP address 10.1.2.3 is reserved'],
    ];
    for (const [params, description] of cases) {
      expect((await callBotApi(strict, token, 'setWebhook', params)).body).toEqual({
        ok: false,
        error_code: 400,
        description,
      });
    }
    // A fixed ip_address is checked like a resolved one (the reference outside its local mode), so it
    // cannot point a public name at loopback or the metadata address; a public one is taken.
    for (const ip of ['127.0.0.1', '169.254.169.254', '10.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect(
        (
          await callBotApi(strict, token, 'setWebhook', {
            url: 'https://public.example/hook',
            ip_address: ip,
          })
        ).body,
      ).toEqual({
        ok: false,
        error_code: 400,
        description: `Bad Request: bad webhook: IP address ${ip} is reserved`,
      });
    }
    expect((await callBotApi(strict, token, 'getWebhookInfo')).body.result).toMatchObject({ url: '' });
    const fixed = await callBotApi(strict, token, 'setWebhook', {
      url: 'https://hooks.example.com/x',
      ip_address: '93.184.215.14',
    });
    expect(fixed.body.ok).toBe(true);
  });

  it('does not let the clock move', async () => {
    await expect(strict.control.advanceClock(10)).rejects.toMatchObject({
      status: 403,
      error: 'CLOCK_CONTROL_DISABLED',
    });
  });
});
