/**
 * The in-process server's transport (server/in-process-fetch.ts, issue 28): what the fast lanes take
 * is answered in memory, without a socket (the global fetch is never called for it), with the same
 * status, type and body as over the loopback; what they do not take (a multipart upload, a Fastify
 * route) and any request after the server began to close go over the loopback. A grammY bot given
 * `parley.fetch` talks to a workspace, and a stopped bot's long poll is let go of by the server.
 */
import { Bot, InputFile } from 'grammy';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import { createParley, type Parley } from '../src/testkit/index.js';

type World = Parley & { readonly workspace: string };

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let server: Parley;
let world: World;
let network: MockInstance<typeof fetch>;

beforeAll(async () => {
  server = await createParley();
});
afterAll(() => server.close());
beforeEach(async () => {
  world = await server.createWorkspace();
  network = vi.spyOn(globalThis, 'fetch');
});
afterEach(async () => {
  network.mockRestore();
  await world.close();
});

/** A grammY bot on the world's in-process transport, started; `stop` ends its long poll. */
async function startBot(token: string, setup: (bot: Bot) => void): Promise<Bot> {
  const bot = new Bot(token, { client: { apiRoot: world.apiRoot, fetch: world.fetch } });
  setup(bot);
  await new Promise<void>((resolve) => void bot.start({ onStart: () => resolve() }));
  return bot;
}

/** The calls of the global fetch for URLs of the world. */
const networkCalls = () => network.mock.calls.filter(([input]) => String(input).startsWith(world.url));

describe("the in-process server's fetch", () => {
  it('carries a grammY echo exchange and the control calls without the global fetch', async () => {
    const record = await world.createBot({ username: 'echo_bot', first_name: 'Echo' });
    const alice = await world.createUser({ first_name: 'Alice' });
    const bot = await startBot(record.token, (b) =>
      b.on('message:text', (ctx) => ctx.reply(`echo: ${ctx.message.text}`)),
    );
    try {
      for (const text of ['one', 'two']) {
        await alice.send('@echo_bot', text);
        expect((await alice.waitForMessage('@echo_bot', { timeout: 5000 })).text).toBe(`echo: ${text}`);
      }
    } finally {
      await bot.stop();
    }
    expect(networkCalls()).toEqual([]);
  });

  it('answers with the status, type and body the loopback answers', async () => {
    const record = await world.createBot({ username: 'same_bot' });
    const requests: Array<[string, RequestInit?]> = [
      [`${world.apiRoot}/bot${record.token}/getMe`],
      [
        `${world.apiRoot}/bot${record.token}/sendMessage`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"chat_id":1}' },
      ],
      [`${world.apiRoot}/bot123:wrong/getMe`],
      [`${world.url}/control/users/+15559999`, { headers: { authorization: `Bearer ${world.adminToken}` } }],
      [`${world.url}/control/users/+15559999`],
      [
        `${server.url}/w/no-such-world/control/users/1`,
        { headers: { authorization: `Bearer ${server.adminToken}` } },
      ],
      // The workspace's root redirects to its web client, which fetch follows.
      [world.url],
    ];
    for (const [url, init] of requests) {
      const memory = await world.fetch(url, init);
      const loopback = await fetch(url, init);
      expect({
        url,
        status: memory.status,
        type: memory.headers.get('content-type'),
        body: await memory.text(),
      }).toEqual({
        url,
        status: loopback.status,
        type: loopback.headers.get('content-type'),
        body: await loopback.text(),
      });
    }
  });

  it('sends an upload and a Fastify route over the loopback, with the same answers', async () => {
    const record = await world.createBot({ username: 'photo_bot' });
    const alice = await world.createUser({ first_name: 'Alice' });
    const bot = await startBot(record.token, (b) =>
      b.on('message:text', (ctx) => ctx.replyWithPhoto(new InputFile(PNG_1x1, 'dot.png'))),
    );
    try {
      await alice.send('@photo_bot', 'a picture, please');
      const reply = await alice.waitForMessage('@photo_bot', { timeout: 5000 });
      expect(reply.photo?.at(-1)).toMatchObject({ width: 1, height: 1 });
    } finally {
      await bot.stop();
    }
    // The multipart body is a stream: the one call that went over the loopback.
    expect(networkCalls().map(([input]) => String(input).replace(/.*\//, ''))).toEqual(['sendPhoto']);
    network.mockClear();
    expect(await world.clock.now()).toMatchObject({ now: expect.any(Number) });
    expect(networkCalls().map(([input]) => String(input).replace(world.url, ''))).toEqual(['/control/clock']);
  });

  it("lets go of a stopped bot's long poll: the next bot on the token gets the next update", async () => {
    const record = await world.createBot({ username: 'relay_bot' });
    const alice = await world.createUser({ first_name: 'Alice' });
    for (const round of [1, 2]) {
      const bot = await startBot(record.token, (b) =>
        b.on('message:text', (ctx) => ctx.reply(`bot ${round}`)),
      );
      try {
        await alice.send('@relay_bot', `hello ${round}`);
        expect((await alice.waitForMessage('@relay_bot', { timeout: 5000 })).text).toBe(`bot ${round}`);
      } finally {
        await bot.stop();
      }
    }
  });

  it('rejects an aborted request with its reason, and a request after close goes over the loopback', async () => {
    const aborted = new AbortController();
    const record = await world.createBot({ username: 'poll_bot' });
    const waiting = world.fetch(`${world.apiRoot}/bot${record.token}/getUpdates?timeout=30`, {
      signal: aborted.signal,
    });
    aborted.abort(new Error('the test gave up'));
    await expect(waiting).rejects.toThrow('the test gave up');
    // The server let go of the poll: the next one is not refused as a second getUpdates.
    const next = await world.fetch(`${world.apiRoot}/bot${record.token}/getUpdates?timeout=0`);
    expect(await next.json()).toEqual({ ok: true, result: [] });

    const other = await createParley();
    const url = `${other.url}/control/clock`;
    await other.close();
    network.mockClear();
    await expect(other.fetch(url)).rejects.toThrow(TypeError);
    expect(network.mock.calls.map(([input]) => String(input))).toEqual([url]);
  });
});
