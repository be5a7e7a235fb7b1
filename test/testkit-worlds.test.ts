/**
 * The test kit's recommended pattern (docs/testing.md, ADR 0094): one in-process server per test file,
 * a fresh workspace per test from the runner's own hooks, through the kit's public API only. Each
 * test's world starts empty (the same bot username and phone number in every test), a closed world
 * is gone from the server, and what the fast lanes do not take (the clock, the web client, a
 * workspace's Fastify routes, built on first use) answers as before.
 */
import { Bot } from 'grammy';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createParley, type Parley } from '../src/testkit/index.js';

type World = Parley & { readonly workspace: string };

let server: Parley;
let world: World;

beforeAll(async () => {
  server = await createParley();
});
afterAll(() => server.close());
beforeEach(async () => {
  world = await server.createWorkspace();
});
afterEach(() => world.close());

/** A grammY echo bot in the world, stopped by the returned function. */
async function echoBot(token: string): Promise<() => Promise<void>> {
  const bot = new Bot(token, { client: { apiRoot: world.apiRoot } });
  bot.on('message:text', (ctx) => ctx.reply(`echo: ${ctx.message.text}`));
  await new Promise<void>((resolve) => void bot.start({ onStart: () => resolve() }));
  return () => bot.stop();
}

describe('one server per file, a workspace per test', () => {
  for (const round of [1, 2]) {
    it(`gives test ${round} an empty world of its own: the same bot and person again`, async () => {
      const record = await world.createBot({ username: 'echo_bot', first_name: 'Echo' });
      const alice = await world.createUser({ phone: '+15550100', first_name: 'Alice', username: 'alice' });
      expect(await alice.messages('@echo_bot')).toEqual([]);
      const stop = await echoBot(record.token);
      try {
        await alice.send('@echo_bot', `hi ${round}`);
        const reply = await alice.waitForMessage('@echo_bot', { timeout: 5000 });
        expect(reply.text).toBe(`echo: hi ${round}`);
      } finally {
        await stop();
      }
      expect((await alice.messages('@echo_bot')).map((message) => message.text)).toEqual([
        `hi ${round}`,
        `echo: hi ${round}`,
      ]);
    });
  }

  it('deletes a closed world from the server, and its tokens with it', async () => {
    const other = await server.createWorkspace();
    const bot = await other.createBot({ username: 'gone_bot' });
    const names = async () => (await server.control.listWorkspaces()).map((w) => w.name);
    expect(await names()).toContain(other.workspace);
    await other.close();
    expect(await names()).not.toContain(other.workspace);
    expect(await names()).toContain(world.workspace);
    const answer = await fetch(`${other.apiRoot}/bot${bot.token}/getMe`);
    expect(answer.status).toBe(404);
  });

  it('answers what no fast lane takes, in the server and in a world', async () => {
    const [serverClock, worldClock] = await Promise.all([server.clock.now(), world.clock.now()]);
    expect(typeof serverClock.now).toBe('number');
    await world.clock.advance(60);
    expect((await world.clock.now()).offset_seconds).toBe(worldClock.offset_seconds + 60);
    expect((await server.clock.now()).offset_seconds).toBe(serverClock.offset_seconds);
    const web = await fetch(`${world.url}/web/`);
    expect(web.status).toBe(200);
    expect(web.headers.get('content-type')).toContain('text/html');
    const health = await fetch(`${server.url}/healthz`);
    expect(await health.json()).toEqual({ ok: true });
  });
});
