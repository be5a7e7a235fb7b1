/**
 * The control API's fast lane (src/control/control-lane.ts) answers `POST /control/messages`,
 * `/control/users`, `/control/bots` and `/control/wait` without Fastify; a server made with `fastLanes: false` answers it through Fastify's route. Both must give the
 * same answers to the same requests, the refused ones included (a wrong token, bodies Fastify's JSON
 * parser refuses, a body past the limit), and a refused request changes nothing.
 */
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_TOKEN, callBotApi, phone, userAndBot, type TestServer } from './helpers/in-process.js';
import { laneAndFastify } from './helpers/lanes.js';

interface Raw {
  status: number;
  text: string;
  contentType: string | null;
  connection: string | null;
}

async function raw(url: string, init: RequestInit = {}): Promise<Raw> {
  const response = await fetch(url, init);
  return {
    status: response.status,
    text: await response.text(),
    contentType: response.headers.get('content-type'),
    connection: response.headers.get('connection'),
  };
}

/** The same requests against a server, to compare the lane's answers with Fastify's. */
async function scenario(server: TestServer) {
  const { user, bot } = await userAndBot(server, 'ctl');
  const from = user.phone_number;
  const chat = `@${bot.username}`;
  const url = `${server.url}/control/messages`;
  const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const post = (body: string, headers: Record<string, string> = json, at = url) =>
    raw(at, { method: 'POST', headers, body });
  const valid = (text: string) => JSON.stringify({ from, chat, text });
  const answers: Record<string, Raw> = {
    sent: await post(valid('hello')),
    charset: await post(valid('with charset'), {
      ...json,
      'content-type': 'application/json; charset=utf-8',
    }),
    upperCase: await post(valid('upper'), { ...json, 'content-type': 'Application/JSON' }),
    query: await post(valid('with a query'), json, `${url}?x=1`),
    command: await post(valid('/start now')),
    noToken: await post(valid('x'), { 'content-type': 'application/json' }),
    wrongToken: await post(valid('x'), { authorization: 'Bearer nope', 'content-type': 'application/json' }),
    badJson: await post('{not json'),
    empty: await post(''),
    array: await post('[1,2]'),
    jsonNull: await post('null'),
    number: await post('42'),
    missing: await post(JSON.stringify({ from, chat })),
    wrongType: await post(JSON.stringify({ from, chat, text: { a: 1 } })),
    tooLong: await post(valid('x'.repeat(4097))),
    noSuchChat: await post(JSON.stringify({ from, chat: '@nobody_here_bot', text: 'x' })),
    proto: await post(`{"from":${JSON.stringify(from)},"chat":"${chat}","text":"x","__proto__":{"a":1}}`),
    escapedProto: await post(
      `{"from":${JSON.stringify(from)},"chat":"${chat}","text":"x","\\u005f_proto__":{}}`,
    ),
    nestedConstructor: await post(
      `{"from":${JSON.stringify(from)},"chat":"${chat}","text":"x","o":{"constructor":{"prototype":{}}}}`,
    ),
    harmlessConstructor: await post(
      `{"from":${JSON.stringify(from)},"chat":"${chat}","text":"constructor","o":{"constructor":1}}`,
    ),
    tooLarge: await post(JSON.stringify({ from, chat, text: 'x', pad: 'y'.repeat((1 << 20) + 10) })),
  };
  return { answers, from, chat };
}

describe('the control API fast lane', () => {
  const servers = laneAndFastify();

  it('answers as the Fastify route does', async () => {
    const a = await scenario(servers.lane());
    const b = await scenario(servers.fastify());
    // Ids, dates and usernames differ between the servers; the status and the shape must not.
    const shape = (text: string) =>
      text.replace(/\d+/g, '0').replace(/"(username|first_name|last_name)":"[^"]*"/g, '"$1":""');
    for (const name of Object.keys(a.answers)) {
      const x = a.answers[name]!;
      const y = b.answers[name]!;
      expect({ name, status: x.status, body: shape(x.text), type: x.contentType }).toEqual({
        name,
        status: y.status,
        body: shape(y.text),
        type: y.contentType,
      });
    }
    const { answers } = a;
    for (const name of ['sent', 'charset', 'upperCase', 'query', 'command', 'harmlessConstructor']) {
      expect({ name, status: answers[name]!.status }).toEqual({ name, status: 200 });
    }
    expect(JSON.parse(answers.command!.text).result.entities).toEqual([
      { type: 'bot_command', offset: 0, length: 6 },
    ]);
    expect(JSON.parse(answers.noToken!.text)).toMatchObject({ ok: false, error: 'ADMIN_TOKEN_INVALID' });
    expect(answers.wrongToken!.status).toBe(401);
    for (const name of [
      'badJson',
      'empty',
      'array',
      'number',
      'missing',
      'wrongType',
      'proto',
      'escapedProto',
    ]) {
      expect({ name, status: answers[name]!.status }).toEqual({ name, status: 400 });
    }
    expect(answers.nestedConstructor!.status).toBe(400);
    expect(answers.jsonNull!.status).toBe(400);
    expect(answers.noSuchChat!.status).toBe(404);
    expect(answers.tooLarge!.status).toBe(413);
    expect(JSON.parse(answers.tooLarge!.text)).toMatchObject({ ok: false, error: 'BAD_REQUEST' });
  });

  it('a refused request changes nothing, and the sent messages reach the bot', async () => {
    const lane = servers.lane();
    const { answers, from, chat } = await scenario(lane);
    const texts = (await lane.control.listMessages({ user: from, chat })).map((message) => message.text);
    // Only the six accepted calls wrote a message.
    expect(texts).toEqual(['hello', 'with charset', 'upper', 'with a query', '/start now', 'constructor']);
    expect(answers.sent!.status).toBe(200);
  });

  it('writes the answer with the JSON text the timeline recorded, made once (issue 28)', async () => {
    const lane = servers.lane();
    const { user, bot } = await userAndBot(lane, 'once');
    const body = JSON.stringify({ from: user.phone_number, chat: `@${bot.username}`, text: 'made once' });
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      const answer = await raw(`${lane.url}/control/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body,
      });
      const made = stringify.mock.calls.filter(([value]) => {
        const answered = value as { ok?: boolean; result?: { text?: string } } | undefined;
        return answered?.ok === true && answered.result?.text === 'made once';
      });
      expect(made).toHaveLength(1);
      expect(JSON.parse(answer.text)).toMatchObject({ ok: true, result: { text: 'made once' } });
    } finally {
      stringify.mockRestore();
    }
  });
});

/** What a test's world does in every test (ADR 0094), through the lane or Fastify. */
async function worldScenario(server: TestServer, name: string) {
  const auth = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
  const post = (route: string, body: unknown, headers: Record<string, string> = auth) =>
    raw(`${server.url}/control${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const number = phone();
  const user = await post('/users', { phone_number: number, first_name: 'Alice', username: `${name}_alice` });
  const bot = await post('/bots', { username: `${name}_echo_bot`, first_name: 'Echo' });
  const { token } = JSON.parse(bot.text).result as { token: string };
  const chat = `@${name}_echo_bot`;
  await post('/messages', { from: number, chat, text: 'hi' });
  const [update] = (await callBotApi(server, token, 'getUpdates', {})).body.result as Array<{
    message: { chat: { id: number } };
  }>;
  await callBotApi(server, token, 'sendMessage', { chat_id: update!.message.chat.id, text: 'echo: hi' });
  return {
    user,
    sameUser: await post('/users', { phone_number: number }),
    badPhone: await post('/users', { phone_number: '12' }),
    noPhone: await post('/users', { first_name: 'X' }),
    bot,
    sameBot: await post('/bots', { username: `${name}_echo_bot` }),
    badBot: await post('/bots', { username: 'nope' }),
    noToken: await post('/bots', { username: `${name}_other_bot` }, { 'content-type': 'application/json' }),
    wait: await post('/wait', { user: number, chat, timeout: 5 }),
    waitAgain: await post('/wait', { user: number, chat, timeout: 1 }),
    waitNobody: await post('/wait', { user: '+15550000000', chat, timeout: 1 }),
    waitBadTimeout: await post('/wait', { user: number, chat, timeout: -1 }),
  };
}

describe('the control API fast lane, for a test world', () => {
  const servers = laneAndFastify();

  it('creates users and bots and waits as the Fastify routes do', async () => {
    const a = await worldScenario(servers.lane(), 'lane');
    const b = await worldScenario(servers.fastify(), 'fast');
    const shape = (text: string) =>
      text
        .replace(/\d+/g, '0')
        .replace(/"(username|first_name|last_name|token|phone_number)":"[^"]*"/g, '"$1":""')
        .replace(/(lane|fast)_/g, 'x_');
    for (const name of Object.keys(a) as Array<keyof typeof a>) {
      expect({ name, status: a[name].status, body: shape(a[name].text), type: a[name].contentType }).toEqual({
        name,
        status: b[name].status,
        body: shape(b[name].text),
        type: b[name].contentType,
      });
    }
    expect([a.user.status, a.bot.status, a.wait.status]).toEqual([200, 200, 200]);
    expect(JSON.parse(a.wait.text).result.text).toBe('echo: hi');
    expect(a.waitAgain.status).toBe(408);
    expect([a.badPhone.status, a.badBot.status, a.noToken.status]).toEqual([400, 400, 401]);
  });
});

/** A workspace per test (issue 28): created, reset and deleted, and what is refused on the way. */
async function workspaceScenario(server: TestServer) {
  const token = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const json = { ...token, 'content-type': 'application/json' };
  const at = (route: string) => `${server.url}/control${route}`;
  const post = (route: string, init: RequestInit) => raw(at(route), { method: 'POST', ...init });
  const answers = {
    created: await post('/workspaces', { headers: json, body: JSON.stringify({ name: 'world-a' }) }),
    again: await post('/workspaces', { headers: json, body: JSON.stringify({ name: 'world-a' }) }),
    badName: await post('/workspaces', { headers: json, body: JSON.stringify({ name: 'Not A Name' }) }),
    noToken: await post('/workspaces', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'world-b' }),
    }),
    reset: await post('/workspaces/world-a/reset', { headers: token }),
    resetWithBody: await post('/workspaces/world-a/reset', { headers: json, body: '{}' }),
    resetBadJson: await post('/workspaces/world-a/reset', { headers: json, body: '{nope' }),
    resetUnknown: await post('/workspaces/world-z/reset', { headers: token }),
    resetNoToken: await post('/workspaces/world-a/reset', {}),
    resetQuery: await post('/workspaces/world-a/reset?x=1', { headers: token }),
    deleted: await post('/workspaces/world-a/delete', { headers: token }),
    deletedAgain: await post('/workspaces/world-a/delete', { headers: token }),
    escaped: await post('/workspaces/world%2Da/delete', { headers: token }),
    textBody: await post('/workspaces/world-a/delete', {
      headers: { ...token, 'content-type': 'text/plain' },
      body: 'x',
    }),
  };
  return { answers, list: await raw(at('/workspaces'), { headers: token }) };
}

describe('the control API fast lane, for a workspace per test', () => {
  const servers = laneAndFastify();

  it('creates, resets and deletes workspaces as the Fastify routes do', async () => {
    const a = await workspaceScenario(servers.lane());
    const b = await workspaceScenario(servers.fastify());
    const shape = (text: string) =>
      text
        .replace(/"(admin_token|created_at)":("[^"]*"|\d+)/g, '"$1":""')
        .replace(/127\.0\.0\.1:\d+/g, 'host');
    for (const name of Object.keys(a.answers) as Array<keyof typeof a.answers>) {
      const [mine, theirs] = [a.answers[name], b.answers[name]];
      expect({ name, status: mine.status, body: shape(mine.text), type: mine.contentType }).toEqual({
        name,
        status: theirs.status,
        body: shape(theirs.text),
        type: theirs.contentType,
      });
    }
    expect([a.answers.created.status, a.answers.reset.status, a.answers.deleted.status]).toEqual([
      200, 200, 200,
    ]);
    expect(a.answers.deletedAgain.status).toBe(404);
    // What was refused made nothing; what was deleted is gone.
    expect(JSON.parse(a.list.text)).toEqual({ ok: true, result: [] });
  });
});
