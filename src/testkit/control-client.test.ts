import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ControlApiError, ControlClient } from './index.js';
import { requestSpec } from './control-methods.js';

const TOKEN = 'admin-token-0123456789';

interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Reply {
  status?: number;
  contentType?: string;
  body: unknown;
  /** Answers only once this settles, to stand for a server holding a long poll. */
  after?: Promise<void>;
}

/** A stand-in for the server: records each request and answers with the next queued reply. */
class FakeServer {
  readonly requests: Recorded[] = [];
  readonly replies: Reply[] = [];
  readonly #server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      this.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const reply = this.replies.shift() ?? { status: 500, body: 'no reply queued' };
      void Promise.resolve(reply.after).then(() => {
        const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
        res.writeHead(reply.status ?? 200, { 'content-type': reply.contentType ?? 'application/json' });
        res.end(text);
      });
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  answer(result: unknown, extra: Omit<Reply, 'body'> = {}): void {
    this.replies.push({ ...extra, body: { ok: true, result } });
  }

  fail(status: number, error: string, description: string): void {
    this.replies.push({ status, body: { ok: false, error, description } });
  }

  async stop(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

const user = { id: 123456, is_bot: false, first_name: 'Alice', phone_number: '+15550001' };
const bot = {
  id: 7000,
  is_bot: true,
  first_name: 'echo_bot',
  username: 'echo_bot',
  token: '7000:AAAA',
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
};
const message = {
  message_id: 12,
  date: 1_700_000_000,
  chat: { id: 7000, type: 'private', first_name: 'echo_bot', username: 'echo_bot' },
  from: { id: 7000, is_bot: true, first_name: 'echo_bot', username: 'echo_bot' },
  text: 'hello',
};

let server: FakeServer;
let baseUrl: string;
let client: ControlClient;

beforeEach(async () => {
  server = new FakeServer();
  baseUrl = await server.start();
  client = new ControlClient({ url: baseUrl, adminToken: TOKEN });
});

afterEach(async () => {
  await server.stop();
});

function only(): Recorded {
  expect(server.requests).toHaveLength(1);
  return server.requests[0]!;
}

describe('ControlClient requests', () => {
  it('creates a user with a JSON body and the admin token', async () => {
    server.answer(user);
    const params = { phone_number: '+15550001', first_name: 'Alice', language_code: 'en' };
    await expect(client.createUser(params)).resolves.toEqual(user);
    const req = only();
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/control/users');
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req.body)).toEqual(params);
  });

  it.each([
    ['+15550001', '/control/users/%2B15550001'],
    ['@alice', '/control/users/%40alice'],
    [123456, '/control/users/123456'],
  ])('gets a user by the reference %s', async (ref, path) => {
    server.answer(user);
    await client.getUser(ref);
    const req = only();
    expect(req.method).toBe('GET');
    expect(req.url).toBe(path);
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req.body).toBe('');
  });

  it('creates and gets a bot', async () => {
    server.answer(bot);
    server.answer(bot);
    await expect(client.createBot({ username: 'echo_bot' })).resolves.toEqual(bot);
    await expect(client.getBot('@echo_bot')).resolves.toEqual(bot);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /control/bots',
      'GET /control/bots/%40echo_bot',
    ]);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ username: 'echo_bot' });
  });

  it('sends a message', async () => {
    server.answer(message);
    const params = { from: '+15550001', chat: '@echo_bot', text: 'hi', reply_to_message_id: 11 };
    await expect(client.sendMessage(params)).resolves.toEqual(message);
    const req = only();
    expect(`${req.method} ${req.url}`).toBe('POST /control/messages');
    expect(JSON.parse(req.body)).toEqual(params);
  });

  it('lists messages with the references in the query', async () => {
    server.answer([message]);
    server.answer([]);
    await expect(client.listMessages({ user: '+15550001', chat: '@echo_bot', limit: 5 })).resolves.toEqual([
      message,
    ]);
    await client.listMessages({ user: 123456, chat: -100 });
    expect(server.requests.map((r) => r.url)).toEqual([
      '/control/messages?user=%2B15550001&chat=%40echo_bot&limit=5',
      '/control/messages?user=123456&chat=-100',
    ]);
  });

  it('advances and reads the clock', async () => {
    const clock = { now: 1_700_003_600, offset_seconds: 3600 };
    server.answer(clock);
    server.answer(clock);
    await expect(client.advanceClock(3600)).resolves.toEqual(clock);
    await expect(client.getClock()).resolves.toEqual(clock);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /control/clock/advance',
      'GET /control/clock',
    ]);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ seconds: 3600 });
  });

  it('keeps a path prefix of the base URL and drops its trailing slash', async () => {
    const prefixed = new ControlClient({ url: `${baseUrl}/parley/`, adminToken: TOKEN });
    server.answer({ now: 1, offset_seconds: 0 });
    await prefixed.getClock();
    expect(only().url).toBe('/parley/control/clock');
  });
});

describe('ControlClient methods derived from the schema', () => {
  it('sends a route without parameters, or with none given, as a bare request', async () => {
    server.answer({ events: [], last_id: 0 });
    server.answer([]);
    await client.getTimeline();
    await client.listPaymentProviders();
    expect(server.requests.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      'GET /control/timeline ',
      'GET /control/payments/providers ',
    ]);
  });

  it("puts a GET's parameters in the query as text, leaving out the absent ones", async () => {
    server.answer([]);
    await client.listFaults({ bot: '@echo_bot', webhook: true, gateway_account: undefined });
    expect(only().url).toBe('/control/faults?bot=%40echo_bot&webhook=true');
  });

  it('fills the path from the parameters and sends the rest as the body', async () => {
    server.answer({ id: 7 });
    server.answer(true);
    await client.updateDevice(7, { online: false });
    await client.request('deleteWorkspace', { name: 'team a' });
    expect(server.requests.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      'POST /control/devices/7 {"online":false}',
      'POST /control/workspaces/team%20a/delete {}',
    ]);
  });

  it('holds a route with a timeout for that long, or for its default', () => {
    expect(requestSpec('waitForMessage', { user: 1, chat: 2, timeout: 290 }).holdSeconds).toBe(290);
    expect(requestSpec('pressButton', { user: 1, chat: 2, message_id: 3, button: 'x' })).toMatchObject({
      method: 'POST',
      path: '/press',
      holdSeconds: 10,
    });
    expect(requestSpec('getClock').holdSeconds).toBeUndefined();
  });
});

describe('ControlClient.waitForMessage', () => {
  it('posts the wait and returns the message once the server answers', async () => {
    let release!: () => void;
    server.answer(message, { after: new Promise<void>((resolve) => (release = resolve)) });
    const waiting = client.waitForMessage({ user: '+15550001', chat: '@echo_bot', timeout: 5 });
    await until(() => server.requests.length === 1);
    release();
    await expect(waiting).resolves.toEqual(message);
    const req = only();
    expect(`${req.method} ${req.url}`).toBe('POST /control/wait');
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(req.body)).toEqual({ user: '+15550001', chat: '@echo_bot', timeout: 5 });
  });

  it('passes after_message_id through', async () => {
    server.answer(message);
    await client.waitForMessage({ user: 123456, chat: '@echo_bot', after_message_id: 11 });
    expect(JSON.parse(only().body)).toEqual({ user: 123456, chat: '@echo_bot', after_message_id: 11 });
  });

  it('throws WAIT_TIMEOUT as a ControlApiError with status 408', async () => {
    server.fail(408, 'WAIT_TIMEOUT', 'no message arrived within 1 s');
    const error = await client.waitForMessage({ user: '+15550001', chat: '@echo_bot', timeout: 1 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ControlApiError);
    expect(error).toMatchObject({ status: 408, error: 'WAIT_TIMEOUT' });
  });

  it('can be abandoned through a signal', async () => {
    server.answer(message, { after: new Promise<void>(() => {}) });
    const controller = new AbortController();
    const waiting = client.waitForMessage({ user: 1, chat: 2 }, { signal: controller.signal });
    await until(() => server.requests.length === 1);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('ControlClient errors', () => {
  it('maps an ok:false answer to ControlApiError', async () => {
    server.fail(404, 'USER_NOT_FOUND', 'user +15550009 not found');
    const error = await client.getUser('+15550009').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ControlApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'ControlApiError',
      status: 404,
      error: 'USER_NOT_FOUND',
      description: 'user +15550009 not found',
      message: 'USER_NOT_FOUND: user +15550009 not found',
    });
  });

  it('maps 401 ADMIN_TOKEN_INVALID', async () => {
    server.fail(401, 'ADMIN_TOKEN_INVALID', 'wrong admin token');
    await expect(client.getClock()).rejects.toMatchObject({ status: 401, error: 'ADMIN_TOKEN_INVALID' });
  });

  it.each([
    ['an HTML error page', 502, 'text/html', '<html>Bad gateway</html>'],
    ['JSON that is not an envelope', 200, 'application/json', { hello: 'world' }],
  ])('reports %s as UNEXPECTED_RESPONSE', async (_what, status, contentType, body) => {
    server.replies.push({ status, contentType, body });
    await expect(client.getClock()).rejects.toMatchObject({
      name: 'ControlApiError',
      status,
      error: 'UNEXPECTED_RESPONSE',
    });
  });
});

describe('ControlClient with a custom fetch', () => {
  it('uses it for every call, waits included', async () => {
    const seen: string[] = [];
    const custom: typeof fetch = (input, init) => {
      seen.push(`${init?.method} ${String(input)}`);
      return fetch(input, init);
    };
    const viaCustom = new ControlClient({ url: baseUrl, adminToken: TOKEN, fetch: custom });
    server.answer({ now: 1, offset_seconds: 0 });
    server.answer(message);
    await viaCustom.getClock();
    await viaCustom.waitForMessage({ user: 1, chat: 2, timeout: 1 });
    expect(seen).toEqual([`GET ${baseUrl}/control/clock`, `POST ${baseUrl}/control/wait`]);
  });
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}
