/**
 * Flood control over real HTTP: a burst into one chat is answered 429 with retry_after and the
 * Retry-After header, and succeeds again once the virtual clock has moved on; a group has its own
 * per-minute limit; refused and failed calls use nothing. The limits here are slow on purpose, so
 * that real time passing during the test cannot refill a bucket.
 */
import { Api, GrammyError } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, startServer, userAndBot, type TestServer } from './helpers/in-process.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    floodControl: 'on',
    floodChatPerSecond: '0.05',
    floodChatBurst: '3',
    floodGroupPerMinute: '2',
  });
});
afterAll(async () => {
  await server.close();
});

async function setup() {
  const made = await userAndBot(server, 'flood');
  await server.control.sendMessage({
    from: made.user.phone_number,
    chat: `@${made.bot.username}`,
    text: 'hi',
  });
  return { ...made, api: new Api(made.token, { apiRoot: server.url }) };
}

describe('flood control', () => {
  it('answers a burst into one chat with 429, retry_after and Retry-After, until the clock moves on', async () => {
    const { user, bot, token, api } = await setup();
    for (let i = 0; i < 3; i++) await api.sendMessage(user.id, `burst ${i}`);
    const refused = await callBotApi(server, token, 'sendMessage', {
      chat_id: user.id,
      text: 'one too many',
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      ok: false,
      error_code: 429,
      description: 'Too Many Requests: retry after 20',
      parameters: { retry_after: 20 },
    });
    expect(refused.headers.get('retry-after')).toBe('20');
    const error = await api.sendMessage(user.id, 'again').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GrammyError);
    expect((error as GrammyError).parameters.retry_after).toBe(20);
    // The refused sends stored nothing.
    const texts = (
      await server.control.listMessages({ user: user.phone_number, chat: `@${bot.username}` })
    ).map((m) => m.text);
    expect(texts).toEqual(['hi', 'burst 0', 'burst 1', 'burst 2']);

    await server.control.advanceClock(20);
    expect((await api.sendMessage(user.id, 'later')).text).toBe('later');
    expect((await callBotApi(server, token, 'sendMessage', { chat_id: user.id, text: 'x' })).status).toBe(
      429,
    );
  });

  it('gives back the token of a send that failed, and does not count edits or other chats', async () => {
    const { user, token, api } = await setup();
    for (let i = 0; i < 5; i++) {
      const failed = await callBotApi(server, token, 'sendMessage', {
        chat_id: user.id,
        text: 'a.',
        parse_mode: 'MarkdownV2',
      });
      expect(failed.status).toBe(400);
    }
    const sent = await api.sendMessage(user.id, 'one');
    await api.sendMessage(user.id, 'two');
    await api.sendMessage(user.id, 'three');
    await api.editMessageText(user.id, sent.message_id, 'edited');
    const other = await setup();
    expect((await other.api.sendMessage(other.user.id, 'elsewhere')).text).toBe('elsewhere');
    expect((await callBotApi(server, token, 'sendMessage', { chat_id: user.id, text: 'x' })).status).toBe(
      429,
    );
  });

  it('limits a group to its messages per minute', async () => {
    const { user, bot, api } = await setup();
    const group = -1_000_000_777_000 - (process.pid % 1000);
    await server.parley.platform.deps.store.write(async (tx) => {
      const pk = await tx.insertChat({
        id: group,
        type: 'supergroup',
        title: 'Busy',
        username: null,
        description: null,
        user_a: null,
        user_b: null,
        last_message_id: 0,
        created_at: 1,
      });
      for (const id of [user.id, bot.id]) {
        await tx.upsertMember({ chat_pk: pk, user_id: id, status: 'member', data: '{}', updated_at: 1 });
      }
    });
    await api.sendMessage(group, 'one');
    await api.sendMessage(group, 'two');
    const refused = await api.sendMessage(group, 'three').catch((e: unknown) => e as GrammyError);
    expect(refused).toMatchObject({ error_code: 429, parameters: { retry_after: 30 } });
    await server.control.advanceClock(30);
    expect((await api.sendMessage(group, 'three')).text).toBe('three');
  });
});

describe('flood control defaults', () => {
  it('are on in the strict profile and off in local, where tests send bursts', async () => {
    const strict = await startServer({ profile: 'strict' });
    const local = await startServer();
    try {
      expect(strict.parley.platform.flood.config).toMatchObject({
        enabled: true,
        chatBurst: 5,
        groupPerMinute: 20,
      });
      expect(local.parley.platform.flood.config.enabled).toBe(false);
      const { user, api } = await (async () => {
        const made = await userAndBot(local, 'burst');
        await local.control.sendMessage({
          from: made.user.phone_number,
          chat: `@${made.bot.username}`,
          text: 'hi',
        });
        return { ...made, api: new Api(made.token, { apiRoot: local.url }) };
      })();
      for (let i = 0; i < 10; i++) await api.sendMessage(user.id, `burst ${i}`);
    } finally {
      await strict.close();
      await local.close();
    }
  });
});
