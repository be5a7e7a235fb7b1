/**
 * The fast lanes (ADR 0005) answer the Bot API's and the gateway's plain calls without Fastify; a
 * server made with `fastLanes: false` answers everything through Fastify. Both ways must give the
 * same answers, and the
 * lane must handle what Fastify handled for it: body limits, GET bodies, encoded paths.
 */
import { describe, expect, it } from 'vitest';
import { setupGateway } from './helpers/gateway.js';
import { userAndBot, type TestServer } from './helpers/in-process.js';
import { laneAndFastify } from './helpers/lanes.js';

interface Raw {
  status: number;
  text: string;
  headers: Headers;
}

async function raw(url: string, init: RequestInit = {}): Promise<Raw> {
  const response = await fetch(url, init);
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** The same requests against a server, to compare the lane's answers with Fastify's. */
async function scenario(server: TestServer) {
  const { user, bot, token } = await userAndBot(server, 'lane');
  const [id, secret] = token.split(':');
  await server.control.sendMessage({ from: user.phone_number, chat: `@${bot.username}`, text: '/start' });
  const gw = await setupGateway(server, 100);
  const target = await gw.person();
  const base = `${server.url}/bot${token}`;
  const json = { 'content-type': 'application/json' };
  const answers: Record<string, Raw> = {
    getMe: await raw(`${base}/getMe`),
    getMeEncoded: await raw(`${server.url}/bot${id}%3A${secret}/getMe`),
    badToken: await raw(`${server.url}/bot123:nope/getMe`),
    noMethod: await raw(`${base}/`),
    unknownMethod: await raw(`${base}/frobnicate`, { method: 'POST' }),
    queryAndBody: await raw(`${base}/getUpdates?limit=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'limit=5&timeout=0',
    }),
    getIgnoresBody: await raw(`${base}/sendMessage?chat_id=${user.id}`, {
      method: 'GET',
      headers: json,
      // fetch refuses a GET body; a query-only GET is what clients send.
    }),
    badJson: await raw(`${base}/getMe`, { method: 'POST', headers: json, body: '{not json' }),
    tooLarge: await raw(`${base}/sendMessage`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ chat_id: user.id, text: 'x'.repeat((1 << 20) + 10) }),
    }),
    gwNoMethod: await raw(`${server.url}/gateway/`, { headers: { authorization: `Bearer ${gw.token}` } }),
    gwDeep: await raw(`${server.url}/gateway/a/b`, { headers: { authorization: `Bearer ${gw.token}` } }),
    gwNoToken: await raw(`${server.url}/gateway/checkSendAbility`, { method: 'POST' }),
    gwTooLarge: await raw(`${server.url}/gateway/checkSendAbility`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${gw.token}` },
      body: JSON.stringify({ phone_number: target.phone_number, pad: 'x'.repeat(70_000) }),
    }),
  };
  return { answers, target, gw };
}

describe('fast lanes', () => {
  const servers = laneAndFastify();

  it('answer as the Fastify routes do', async () => {
    const a = await scenario(servers.lane());
    const b = await scenario(servers.fastify());
    for (const name of Object.keys(a.answers)) {
      const x = a.answers[name]!;
      const y = b.answers[name]!;
      // Bot and user ids differ between the servers; the status and the shape must not.
      const shape = (text: string) => text.replace(/\d+/g, '0').replace(/"username":"[^"]*"/g, '');
      expect({ name, status: x.status, body: shape(x.text) }).toEqual({
        name,
        status: y.status,
        body: shape(y.text),
      });
      if (x.text !== '') expect(x.headers.get('content-type')).toMatch(/^application\/json/);
    }
    expect(a.answers.getMe!.status).toBe(200);
    expect(a.answers.getMeEncoded!.status).toBe(200);
    expect(a.answers.tooLarge).toMatchObject({ status: 413 });
    expect(JSON.parse(a.answers.tooLarge!.text)).toEqual({
      ok: false,
      error_code: 413,
      description: 'Request Entity Too Large',
    });
    expect(JSON.parse(a.answers.gwTooLarge!.text)).toEqual({ ok: false, error: 'REQUEST_TOO_LARGE' });
    expect(JSON.parse(a.answers.gwDeep!.text)).toEqual({ ok: false, error: 'UNKNOWN_METHOD' });
    expect(JSON.parse(a.answers.gwNoMethod!.text)).toEqual({ ok: false, error: 'UNKNOWN_METHOD' });
  });

  it('a refused body changes nothing', async () => {
    const lane = servers.lane();
    const { user, bot, token } = await userAndBot(lane, 'lane2');
    const chat = `@${bot.username}`;
    await lane.control.sendMessage({ from: user.phone_number, chat, text: '/start' });
    const before = await lane.control.listMessages({ user: user.phone_number, chat });
    const answer = await raw(`${lane.url}/bot${token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: user.id, text: 'y'.repeat(2 << 20) }),
    });
    expect(answer.status).toBe(413);
    const after = await lane.control.listMessages({ user: user.phone_number, chat });
    expect(after).toEqual(before);
    expect(after).toHaveLength(1);
  });
});
