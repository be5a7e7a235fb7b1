/**
 * The gateway's HTTP surface (spec §4-5, §7; reference §4): GET and POST with query, form or JSON
 * parameters, method names in any case, the envelope, authentication, the error catalogue with its
 * HTTP statuses, sender channels, the always-200 option and a custom base path, and logs that hold
 * neither tokens nor codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateway, setupGateway, type GatewaySetup } from './helpers/gateway.js';
import { phone, startServer, type TestServer } from './helpers/in-process.js';

let server: TestServer;
let gw: GatewaySetup;
let base: string;
beforeAll(async () => {
  server = await startServer({ logLevel: 'debug' });
  gw = await setupGateway(server, 10);
  base = `${server.url}/gateway`;
});
afterAll(async () => {
  await server.close();
});

describe('transport', () => {
  it.each(['json', 'form', 'query', 'get'] as const)('reads parameters from %s', async (transport) => {
    const person = await gw.person();
    const answer = await gateway(
      base,
      gw.token,
      'sendVerificationMessage',
      {
        phone_number: person.phone_number,
        code: '1234',
        ttl: 60,
      },
      { transport },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body).toEqual({
      ok: true,
      result: {
        request_id: expect.stringMatching(/^[1-9]\d{14}$/),
        phone_number: person.phone_number,
        request_cost: 0.01,
        remaining_balance: expect.any(Number),
        delivery_status: { status: 'sent', updated_at: expect.any(Number) },
      },
    });
    expect((await server.control.waitForCode({ phone: person.phone_number, timeout: 5 })).code).toBe('1234');
  });

  it('matches method names in any letter case', async () => {
    const person = await gw.person();
    for (const name of ['checkSendAbility', 'CHECKSENDABILITY', 'checksendability']) {
      const answer = await gateway(base, gw.token, name, { phone_number: person.phone_number });
      expect(answer.body.ok).toBe(true);
    }
  });

  it('answers UNKNOWN_METHOD 404 for other paths and verbs', async () => {
    expect(await gateway(base, gw.token, 'sendMessage')).toMatchObject({
      status: 404,
      body: { ok: false, error: 'UNKNOWN_METHOD' },
    });
    const root = await fetch(base, { headers: { authorization: `Bearer ${gw.token}` } });
    expect([root.status, await root.json()]).toEqual([404, { ok: false, error: 'UNKNOWN_METHOD' }]);
    const put = await fetch(`${base}/checkSendAbility`, { method: 'PUT' });
    expect([put.status, await put.json()]).toEqual([404, { ok: false, error: 'UNKNOWN_METHOD' }]);
  });

  it('refuses a body over 64 KiB', async () => {
    const answer = await gateway(base, gw.token, 'checkSendAbility', {
      phone_number: '+1',
      pad: 'x'.repeat(70_000),
    });
    expect(answer).toMatchObject({ status: 413, body: { ok: false, error: 'REQUEST_TOO_LARGE' } });
  });
});

describe('authentication (spec §5)', () => {
  const params = () => ({ phone_number: gw.owner.phone_number });

  it('takes the token as Bearer or as access_token', async () => {
    expect((await gateway(base, gw.token, 'checkSendAbility', params(), { auth: 'bearer' })).body.ok).toBe(
      true,
    );
    for (const transport of ['json', 'form', 'get'] as const) {
      const answer = await gateway(base, gw.token, 'checkSendAbility', params(), {
        auth: 'param',
        transport,
      });
      expect(answer.body.ok).toBe(true);
    }
  });

  it('answers 401 without a token, with a wrong one, or with both ways at once', async () => {
    expect(await gateway(base, undefined, 'checkSendAbility', params())).toMatchObject({
      status: 401,
      body: { ok: false, error: 'ACCESS_TOKEN_REQUIRED' },
    });
    expect(await gateway(base, `${gw.token}x`, 'checkSendAbility', params())).toMatchObject({
      status: 401,
      body: { error: 'ACCESS_TOKEN_INVALID' },
    });
    const both = await fetch(`${base}/checkSendAbility?access_token=${gw.token}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gw.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(params()),
    });
    expect([both.status, await both.json()]).toEqual([401, { ok: false, error: 'ACCESS_TOKEN_INVALID' }]);
    const basic = await fetch(`${base}/checkSendAbility`, {
      headers: { authorization: `Basic ${gw.token}` },
    });
    expect(await basic.json()).toEqual({ ok: false, error: 'ACCESS_TOKEN_INVALID' });
    // Authentication comes before the method (reference §4.1).
    expect((await gateway(base, undefined, 'noSuchMethod')).body.error).toBe('ACCESS_TOKEN_REQUIRED');
  });
});

describe('error catalogue', () => {
  it.each<[string, Record<string, unknown>, number, string]>([
    ['sendVerificationMessage', {}, 400, 'PHONE_NUMBER_INVALID'],
    ['sendVerificationMessage', { phone_number: 'a' }, 400, 'PHONE_NUMBER_INVALID'],
    [
      'sendVerificationMessage',
      { phone_number: '+19990000001', code_length: 4 },
      400,
      'PHONE_NUMBER_NOT_FOUND',
    ],
    ['checkSendAbility', { phone_number: '+19990000001' }, 400, 'PHONE_NUMBER_NOT_FOUND'],
    ['sendVerificationMessage', { phone_number: 'OWNER' }, 400, 'CODE_LENGTH_REQUIRED'],
    ['sendVerificationMessage', { phone_number: 'OWNER', code_length: 1 }, 400, 'CODE_LENGTH_INVALID'],
    ['sendVerificationMessage', { phone_number: 'OWNER', code: '1' }, 400, 'CODE_INVALID'],
    [
      'sendVerificationMessage',
      { phone_number: 'OWNER', code_length: 4, request_id: 'asdasd' },
      400,
      'REQUEST_ID_INVALID',
    ],
    [
      'sendVerificationMessage',
      { phone_number: 'OWNER', code_length: 4, request_id: '99' },
      400,
      'REQUEST_ID_INVALID',
    ],
    ['sendVerificationMessage', { phone_number: 'OWNER', code_length: 4, ttl: 1 }, 400, 'TTL_INVALID'],
    [
      'sendVerificationMessage',
      { phone_number: 'OWNER', code_length: 4, ttl: '99999999999' },
      400,
      'TTL_INVALID',
    ],
    [
      'sendVerificationMessage',
      { phone_number: 'OWNER', code_length: 4, callback_url: 'asdasd' },
      400,
      'CALLBACK_URL_INVALID',
    ],
    [
      'sendVerificationMessage',
      { phone_number: 'OWNER', code_length: 4, payload: 'x'.repeat(129) },
      400,
      'PAYLOAD_INVALID',
    ],
    [
      'sendVerificationMessage',
      { phone_number: 'OWNER', code_length: 4, sender_username: '@x' },
      400,
      'SENDER_USERNAME_INVALID',
    ],
    ['checkVerificationStatus', {}, 400, 'REQUEST_ID_REQUIRED'],
    ['checkVerificationStatus', { request_id: 'a' }, 400, 'REQUEST_ID_INVALID'],
    ['revokeVerificationMessage', {}, 400, 'REQUEST_ID_REQUIRED'],
    ['revokeVerificationMessage', { request_id: 'a' }, 400, 'REQUEST_ID_INVALID'],
  ])('%s %j -> %i %s', async (method, params, status, error) => {
    const resolved = { ...params };
    if (resolved.phone_number === 'OWNER') resolved.phone_number = gw.owner.phone_number;
    expect(await gw.call(method, resolved)).toMatchObject({ status, body: { ok: false, error } });
  });

  it('answers BALANCE_NOT_ENOUGH and PHONE_NUMBER_MISMATCH', async () => {
    const poor = await setupGateway(server, 0);
    const person = await poor.person();
    expect(await poor.call('checkSendAbility', { phone_number: person.phone_number })).toMatchObject({
      status: 400,
      body: { error: 'BALANCE_NOT_ENOUGH' },
    });
    const ability = await gw.call('checkSendAbility', { phone_number: person.phone_number });
    const other = await gw.person();
    const mismatch = await gw.call('sendVerificationMessage', {
      phone_number: other.phone_number,
      request_id: (ability.body.result as { request_id: string }).request_id,
      code_length: 4,
    });
    expect(mismatch).toMatchObject({ status: 400, body: { error: 'PHONE_NUMBER_MISMATCH' } });
  });
});

describe('sender channels', () => {
  it('sends from an owned channel: verified for anyone, unverified only to the owner', async () => {
    const name = `codes${Date.now() % 100000}`;
    await server.control.createSenderChannel({
      owner: gw.owner.phone_number,
      username: name,
      title: 'Codes',
    });
    const person = await gw.person();
    const send = (to: string) =>
      gw.call('sendVerificationMessage', { phone_number: to, code_length: 4, sender_username: `@${name}` });
    expect((await send(person.phone_number)).body.error).toBe('SENDER_NOT_VERIFIED');
    expect((await send(gw.owner.phone_number)).body.ok).toBe(true);
    expect((await server.control.verifySenderChannel(name)).verified).toBe(true);
    expect((await send(person.phone_number)).body.ok).toBe(true);
    expect((await server.control.waitForCode({ phone: person.phone_number })).sender_username).toBe(name);
    const [message] = await server.control.listMessages({ user: person.phone_number, chat: 489000 });
    expect(message).toMatchObject({
      from: { id: 489000, first_name: 'Verification Codes' },
      sender_chat: { type: 'channel', username: name, title: 'Codes' },
      entities: [{ type: 'code', offset: 24, length: 4 }],
    });

    const stranger = await setupGateway(server, 1);
    const other = await stranger.call('sendVerificationMessage', {
      phone_number: person.phone_number,
      code_length: 4,
      sender_username: name,
    });
    expect(other).toMatchObject({ status: 400, body: { error: 'SENDER_NOT_OWNED' } });
  });
});

describe('server options', () => {
  it('answers 200 for everything with --gateway-always-200, at a custom path', async () => {
    const lenient = await startServer({ gatewayAlways200: true, gatewayPath: '/api/gw' });
    try {
      const gwBase = `${lenient.url}/api/gw`;
      const owner = await lenient.control.createUser({ phone_number: phone() });
      const account = await lenient.control.createGatewayAccount({ owner: owner.phone_number });
      expect(await gateway(gwBase, undefined, 'checkSendAbility')).toMatchObject({
        status: 200,
        body: { ok: false, error: 'ACCESS_TOKEN_REQUIRED' },
      });
      expect(await gateway(gwBase, account.access_token, 'nope')).toMatchObject({
        status: 200,
        body: { ok: false, error: 'UNKNOWN_METHOD' },
      });
      expect(
        await gateway(gwBase, account.access_token, 'checkSendAbility', { phone_number: 'x' }),
      ).toMatchObject({
        status: 200,
        body: { ok: false, error: 'PHONE_NUMBER_INVALID' },
      });
      expect(
        (
          await gateway(gwBase, account.access_token, 'checkSendAbility', {
            phone_number: owner.phone_number,
          })
        ).body.ok,
      ).toBe(true);
      expect((await fetch(`${lenient.url}/gateway/checkSendAbility`)).status).toBe(404);
    } finally {
      await lenient.close();
    }
  });

  it('keeps tokens and codes out of the logs, also at debug level', async () => {
    const person = await gw.person();
    await gateway(
      base,
      gw.token,
      'sendVerificationMessage',
      { phone_number: person.phone_number, code: '918273' },
      {
        transport: 'get',
        auth: 'param',
      },
    );
    await gateway(base, gw.token, 'checkSendAbility', { phone_number: person.phone_number });
    const logs = server.logs.join('');
    expect(logs).toContain('/gateway/sendVerificationMessage?<redacted>');
    expect(logs).not.toContain('918273');
    expect(logs).not.toContain(gw.token);
  });
});
