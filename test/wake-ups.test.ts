/**
 * Wake-ups by key (ADR 0091), through the Bot API and the control API: each parked long poll is
 * woken by its own bot's updates only, and a control `wait` that is woken many times leaves no
 * listener behind on its request's signal (Node warned `MaxListenersExceededWarning: 11 abort
 * listeners added to [AbortSignal]`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, phone, startServer, type TestServer } from './helpers/in-process.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

type Update = { update_id: number; message?: { text: string } };

describe('wake-ups by key', () => {
  it('answers each of many parked polls with its own bot’s update only', async () => {
    const user = await server.control.createUser({ phone_number: phone(), first_name: 'Pat' });
    const bots = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        server.control.createBot({ username: `wake${i}_${process.pid}_bot` }),
      ),
    );
    const answered: Array<Update[] | undefined> = bots.map(() => undefined);
    const polls = bots.map(async (bot, i) => {
      const answer = await callBotApi(server, bot.token, 'getUpdates', { timeout: 50 });
      answered[i] = answer.body.result as Update[];
      return answered[i];
    });
    // Each bot in turn gets a message; its poll answers with that message alone.
    for (const [i, bot] of bots.entries()) {
      await server.control.sendMessage({
        from: user.phone_number,
        chat: `@${bot.username}`,
        text: `to ${i}`,
      });
      const updates = await polls[i]!;
      expect(updates.map((u) => u.message?.text)).toEqual([`to ${i}`]);
      // The polls of the bots not written to yet are still parked: none was answered by another
      // bot's update (an answer would be an empty array, long before its timeout).
      for (let j = i + 1; j < bots.length; j++) expect(answered[j]).toBeUndefined();
    }
  });

  it('answers polls that time out together, each with nothing, and a woken one with its update', async () => {
    // Their timeouts pass in one tick; they are answered a slice per turn of the event loop (issue 31).
    const user = await server.control.createUser({ phone_number: phone(), first_name: 'Rae' });
    const bots = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        server.control.createBot({ username: `herd${i}_${process.pid}_bot` }),
      ),
    );
    const started = Date.now();
    const polls = bots.map(
      async (bot) => (await callBotApi(server, bot.token, 'getUpdates', { timeout: 1 })).body,
    );
    await server.control.sendMessage({
      from: user.phone_number,
      chat: `@${bots[79]!.username}`,
      text: 'last',
    });
    const answers = await Promise.all(polls);
    for (const answer of answers.slice(0, 79)) expect(answer).toEqual({ ok: true, result: [] });
    expect((answers[79]!.result as Update[]).map((u) => u.message?.text)).toEqual(['last']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('leaves no abort listener behind on a control wait woken many times', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      const user = await server.control.createUser({ phone_number: phone(), first_name: 'Quinn' });
      const bot = await server.control.createBot({ username: `waker_${process.pid}_bot` });
      const chat = `@${bot.username}`;
      await server.control.sendMessage({ from: user.phone_number, chat, text: 'hello' });
      const [first] = (await callBotApi(server, bot.token, 'getUpdates', {})).body.result as Array<{
        message: { chat: { id: number } };
      }>;
      const other = await server.control.createUser({ phone_number: phone(), first_name: 'Other' });
      const waiting = server.control.waitForMessage({ user: user.phone_number, chat, timeout: 60 });
      // The person's own messages wake the wait (they are the chat's), and it looks and waits again;
      // other people's messages in other chats woke it too before waits were found by key.
      for (let i = 0; i < 15; i++) {
        await server.control.sendMessage({ from: user.phone_number, chat, text: `m${i}` });
        await server.control.sendMessage({ from: other.phone_number, chat, text: `o${i}` });
      }
      await callBotApi(server, bot.token, 'sendMessage', { chat_id: first!.message.chat.id, text: 'answer' });
      expect((await waiting).text).toBe('answer');
      // A warning is emitted on the next tick after the listener that passes the limit.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.includes('MaxListenersExceeded'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
