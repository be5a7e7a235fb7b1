/**
 * getUpdates semantics (spec §4 getUpdates, reference §3): offsets, limits, long polling, conflicts,
 * allowed_updates and retention, driven over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, phone, startServer, userAndBot, type TestServer } from './helpers/in-process.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

type Update = { update_id: number; message?: { text: string; message_id: number } };

async function setup(count: number) {
  const made = await userAndBot(server, 'upd');
  for (let i = 1; i <= count; i++) {
    await server.control.sendMessage({
      from: made.user.phone_number,
      chat: `@${made.bot.username}`,
      text: `m${i}`,
    });
  }
  const get = async (params: Record<string, unknown> = {}) => {
    const answer = await callBotApi(server, made.token, 'getUpdates', params);
    if (!answer.body.ok) throw new Error(JSON.stringify(answer.body));
    return answer.body.result as Update[];
  };
  return { ...made, get };
}

describe('getUpdates', () => {
  it('numbers updates sequentially from a random start and confirms by offset', async () => {
    const { get } = await setup(3);
    const all = await get();
    expect(all.map((u) => u.message!.text)).toEqual(['m1', 'm2', 'm3']);
    const first = all[0]!.update_id;
    expect(first).toBeGreaterThanOrEqual(2_000_001);
    expect(first).toBeLessThan(1_000_000_000);
    expect(all.map((u) => u.update_id)).toEqual([first, first + 1, first + 2]);
    // Without an offset nothing is confirmed.
    expect((await get()).length).toBe(3);
    expect((await get({ offset: first + 1 })).map((u) => u.message!.text)).toEqual(['m2', 'm3']);
    expect((await get()).map((u) => u.message!.text)).toEqual(['m2', 'm3']);
    expect(await get({ offset: first + 3 })).toEqual([]);
  });

  it('keeps only the newest |offset| updates for a negative offset', async () => {
    const { get } = await setup(4);
    expect((await get({ offset: -1 })).map((u) => u.message!.text)).toEqual(['m4']);
    expect((await get()).map((u) => u.message!.text)).toEqual(['m4']);
  });

  it('clamps limit to 1-100', async () => {
    const { get } = await setup(3);
    expect((await get({ limit: 0 })).length).toBe(1);
    expect((await get({ limit: 2 })).length).toBe(2);
    expect((await get({ limit: 500 })).length).toBe(3);
  });

  it('continues numbering after the queue was emptied', async () => {
    const { user, bot, get } = await setup(1);
    const [only] = await get();
    await get({ offset: only!.update_id + 1 });
    await server.control.sendMessage({ from: user.phone_number, chat: `@${bot.username}`, text: 'later' });
    const [next] = await get();
    expect(next!.update_id).toBe(only!.update_id + 1);
  });

  it('returns a long poll as soon as an update arrives', async () => {
    const { user, bot, get } = await setup(0);
    const poll = get({ timeout: 30 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await server.control.sendMessage({ from: user.phone_number, chat: `@${bot.username}`, text: 'wake' });
    const started = Date.now();
    const updates = await poll;
    expect(updates.map((u) => u.message!.text)).toEqual(['wake']);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('ends an earlier long poll with 409 when another starts', async () => {
    const { token, get } = await setup(0);
    const first = callBotApi(server, token, 'getUpdates', { timeout: 20 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = get({ timeout: 1 });
    const answer = await first;
    expect(answer.status).toBe(409);
    expect(answer.body.description).toBe(
      'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
    );
    expect(await second).toEqual([]);
  });

  it('refuses getUpdates while a webhook is set', async () => {
    const { token } = await setup(0);
    await callBotApi(server, token, 'setWebhook', { url: 'http://127.0.0.1:9/hook' });
    const answer = await callBotApi(server, token, 'getUpdates');
    expect(answer.status).toBe(409);
    expect(answer.body.description).toBe(
      "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
    );
    await callBotApi(server, token, 'deleteWebhook');
  });

  it('keeps allowed_updates between calls and applies it to new updates only', async () => {
    const { user, bot, token, get } = await setup(1);
    expect((await get({ allowed_updates: ['callback_query'] })).length).toBe(1);
    await server.control.sendMessage({ from: user.phone_number, chat: `@${bot.username}`, text: 'filtered' });
    expect((await get()).map((u) => u.message!.text)).toEqual(['m1']);
    const info = await callBotApi(server, token, 'getWebhookInfo');
    expect(info.body.result).toMatchObject({ allowed_updates: ['callback_query'] });
    // An empty list means the default set again.
    await get({ allowed_updates: [] });
    await server.control.sendMessage({ from: user.phone_number, chat: `@${bot.username}`, text: 'back' });
    expect((await get()).map((u) => u.message!.text)).toEqual(['m1', 'back']);
    expect((await callBotApi(server, token, 'getWebhookInfo')).body.result).not.toHaveProperty(
      'allowed_updates',
    );
  });

  it('forgets updates after 24 hours of virtual time', async () => {
    const { get } = await setup(2);
    expect((await get()).length).toBe(2);
    await server.control.advanceClock(24 * 3600 + 1);
    expect(await get()).toEqual([]);
  });
});

describe('logOut', () => {
  it('answers "Logged out" afterwards', async () => {
    const made = await userAndBot(server, 'logout');
    expect((await callBotApi(server, made.token, 'logOut')).body).toEqual({ ok: true, result: true });
    const after = await callBotApi(server, made.token, 'getMe');
    expect(after.body).toEqual({ ok: false, error_code: 400, description: 'Logged out' });
    await server.control.advanceClock(601);
    expect((await callBotApi(server, made.token, 'getMe')).body.ok).toBe(true);
  });
});

describe('users', () => {
  it('refuses a second user with the same phone number', async () => {
    const number = phone();
    await server.control.createUser({ phone_number: number });
    await expect(server.control.createUser({ phone_number: number })).rejects.toMatchObject({
      status: 409,
      error: 'PHONE_NUMBER_OCCUPIED',
    });
  });
});
