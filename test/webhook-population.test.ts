/**
 * Many webhook bots on one server (ADR 0092): one schedule for all of them and one connection pool
 * per webhook origin. Deliveries are still retried on the virtual clock and kept in order per chat,
 * for every bot; bots whose webhooks share an origin share its connections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, phone, startServer, type TestServer } from './helpers/in-process.js';
import { startReceiver, type Receiver } from './helpers/receiver.js';
import { waitFor } from './helpers/wait-for.js';

let server: TestServer;
let hooks: Receiver;
beforeAll(async () => {
  server = await startServer();
  hooks = await startReceiver();
});
afterAll(async () => {
  await server.close();
  await hooks.close();
});

const BOTS = 24;

async function makeBots(prefix: string) {
  return Promise.all(
    Array.from({ length: BOTS }, (_, i) =>
      server.control.createBot({ username: `${prefix}${i}_${process.pid}_bot` }),
    ),
  );
}

/** The texts each path received, in the order received. */
function byPath(prefix: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  for (const request of hooks.received) {
    if (!request.path.startsWith(`/${prefix}`)) continue;
    const list = seen.get(request.path) ?? [];
    list.push(request.json.message?.text ?? '');
    seen.set(request.path, list);
  }
  return seen;
}

describe('many webhook bots', () => {
  it('retries each bot’s failed update on the virtual clock and keeps every bot’s chat in order', async () => {
    const person = await server.control.createUser({ phone_number: phone(), first_name: 'Many' });
    const bots = await makeBots('pop');
    // Each bot's second message fails twice: retried at once, then after 2 s of virtual time.
    const failuresLeft = new Map<string, number>();
    hooks.respond = (request, response) => {
      const text = request.json.message?.text ?? '';
      if (request.path.startsWith('/pop') && text === 'm2') {
        const left = failuresLeft.get(request.path) ?? 2;
        if (left > 0) {
          failuresLeft.set(request.path, left - 1);
          response.statusCode = 502;
        }
      }
      response.end();
    };
    for (const [i, bot] of bots.entries()) {
      await callBotApi(server, bot.token, 'setWebhook', {
        url: `${new URL(hooks.url).origin}/pop${i}`,
        max_connections: 2,
      });
    }
    for (let n = 1; n <= 3; n++) {
      for (const bot of bots) {
        await server.control.sendMessage({
          from: person.phone_number,
          chat: `@${bot.username}`,
          text: `m${n}`,
        });
      }
    }
    // Every bot: m1 delivered, m2 failed twice (the second failure waits for the clock), m3 held back.
    await waitFor(
      () =>
        [...byPath('pop').values()].filter((texts) => texts.filter((t) => t === 'm2').length === 2).length ===
        BOTS,
      { what: 'two failed attempts at every bot' },
    );
    for (const texts of byPath('pop').values()) expect(texts).toEqual(['m1', 'm2', 'm2']);
    await server.control.advanceClock(2);
    await waitFor(() => [...byPath('pop').values()].every((texts) => texts.length === 5), {
      what: 'every bot’s retry and its next update',
    });
    const seen = byPath('pop');
    expect(seen.size).toBe(BOTS);
    for (const texts of seen.values()) expect(texts).toEqual(['m1', 'm2', 'm2', 'm2', 'm3']);
  });

  it('lets the bots of one webhook origin share its connections', async () => {
    const person = await server.control.createUser({ phone_number: phone(), first_name: 'Share' });
    const bots = await makeBots('share');
    hooks.respond = (_request, response) => void response.end();
    const before = hooks.connections;
    // One bot after another: each next bot's delivery finds the origin's connection idle.
    for (const [i, bot] of bots.entries()) {
      await callBotApi(server, bot.token, 'setWebhook', { url: `${new URL(hooks.url).origin}/share${i}` });
      await server.control.sendMessage({
        from: person.phone_number,
        chat: `@${bot.username}`,
        text: `hi ${i}`,
      });
      await waitFor(() => byPath(`share${i}`).get(`/share${i}`)?.length === 1, { what: `bot ${i}’s update` });
    }
    // A pool per bot opened a connection per bot.
    expect(hooks.connections - before).toBeLessThan(BOTS / 2);
  });
});
