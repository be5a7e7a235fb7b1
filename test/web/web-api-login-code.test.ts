/**
 * Signing in to the web client by a login code (ADR 0055, addendum), over HTTP: in the strict
 * profile the code arrives in the person's service chat, signs in once, and wrong, reused, voided
 * and too-frequent codes are refused; it is never in the server's logs. Expiry and the growing waits
 * after wrong codes (ADR 0065) are on the virtual clock, so they are tested in the local profile
 * (which accepts the code flow too): strict has no clock control.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, phone, type TestServer } from '../helpers/in-process.js';

const SERVICE_CHAT = 489000;
const MESSAGE =
  /^Login code: (\d{5})\. Do not give this code to anyone, even if they say they are from Parley!/;

let strict: TestServer;
let local: TestServer;
beforeAll(async () => {
  [strict, local] = await Promise.all([startServer({ profile: 'strict' }), startServer()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([strict?.close(), local?.close()]);
});

async function web(server: TestServer, path: string, init: { token?: string; body?: unknown } = {}) {
  const response = await fetch(`${server.url}/web/api${path}`, {
    method: init.body ? 'POST' : 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return {
    status: response.status,
    headers: response.headers,
    // The answers' shapes are checked by the assertions themselves.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    body: (await response.json()) as Record<string, unknown> & { result?: any },
  };
}

async function person(server: TestServer, firstName: string) {
  return server.control.createUser({ phone_number: phone(), first_name: firstName });
}

/** Asks for a code; answers the attempt's id and the code as the person reads it in the service chat. */
async function requestCode(server: TestServer, phoneNumber: string) {
  const answer = await web(server, '/sign-in/code', { body: { phone_number: phoneNumber } });
  expect(answer).toMatchObject({ status: 200, body: { ok: true } });
  const codeId = answer.body.result.code_hash_id as string;
  const messages = await server.control.listMessages({ user: phoneNumber, chat: SERVICE_CHAT });
  const last = messages.at(-1)!;
  expect(last.from).toMatchObject({ id: SERVICE_CHAT, first_name: 'Verification Codes' });
  const code = MESSAGE.exec(last.text ?? '')?.[1];
  expect(code, last.text).toBeDefined();
  return {
    codeId,
    code: code!,
    messageId: last.message_id,
    answer: answer.body.result as Record<string, unknown>,
  };
}

const signIn = (server: TestServer, phoneNumber: string, codeId: string, code: string) =>
  web(server, '/sign-in', { body: { phone_number: phoneNumber, code_id: codeId, code } });

/** A five-digit code that is not `code`. */
const other = (code: string) => String((Number(code) + 1) % 100_000).padStart(5, '0');

describe('signing in by a login code (strict profile)', () => {
  it('sends the code to the service chat; it signs in once, as a new device', async () => {
    const alice = await person(strict, 'Alice');
    const number = alice.phone_number!;
    expect(await web(strict, '/sign-in', { body: { phone_number: number } })).toMatchObject({
      status: 403,
      body: { error: 'SIGN_IN_BY_CODE_REQUIRED' },
    });

    const { codeId, code, answer } = await requestCode(strict, number);
    // The answer names the attempt, not the code.
    expect(Object.keys(answer)).toEqual(['code_hash_id']);
    expect(codeId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(codeId).not.toContain(code);
    // The server keeps a keyed hash of the code, never the code.
    const stored = await strict.parley.platform.deps.store.getSetting(`web.login.${codeId}`);
    expect(JSON.parse(stored!)).toEqual({
      user_id: alice.id,
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      expires_at: expect.any(Number),
      attempts: 0,
    });

    const signedIn = await signIn(strict, number, codeId, code);
    expect(signedIn).toMatchObject({ status: 200, body: { ok: true, result: { user: { id: alice.id } } } });
    const { token, device_id } = signedIn.body.result as { token: string; device_id: number };
    expect((await web(strict, '/me', { token })).body.result).toMatchObject({
      user: { id: alice.id, first_name: 'Alice' },
      device_id,
    });
    expect((await strict.control.listDevices(number)).map((d) => d.name)).toEqual(['Phone', 'Web browser']);
    // The service chat shows the code to the new device too.
    const chats = (await web(strict, '/chats', { token })).body.result as { chat: { id: number } }[];
    expect(chats.map((c) => c.chat.id)).toEqual([SERVICE_CHAT]);

    // Used once.
    expect(await signIn(strict, number, codeId, code)).toMatchObject({
      status: 400,
      body: { ok: false, error: 'PHONE_CODE_EXPIRED' },
    });
    expect(await strict.control.listDevices(number)).toHaveLength(2);
    expect(await strict.parley.platform.deps.store.getSetting(`web.login.${codeId}`)).toBe('');

    // Neither the code nor its message is in the server's logs.
    const logs = strict.logs.join('\n');
    expect(logs).toContain('"surface":"control"');
    // (The code as a number of its own: log lines carry long timestamps.)
    expect(logs).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    expect(logs).not.toContain('Login code');
  });

  it('creates nobody: an unknown number gets no code', async () => {
    const number = phone();
    expect(await web(strict, '/sign-in/code', { body: { phone_number: number } })).toMatchObject({
      status: 404,
      body: { error: 'USER_NOT_FOUND' },
    });
    expect(await web(strict, '/sign-in/code', { body: {} })).toMatchObject({
      status: 400,
      body: { error: 'BAD_REQUEST' },
    });
    await expect(strict.control.getUser(number)).rejects.toThrow();
  });

  it('refuses a wrong code, and after 5 wrong ones even the right one', async () => {
    const bob = await person(strict, 'Bob');
    const number = bob.phone_number!;
    const { codeId, code } = await requestCode(strict, number);
    const wrong = other(code);
    for (let i = 1; i < 5; i++) {
      expect(await signIn(strict, number, codeId, wrong)).toMatchObject({
        status: 400,
        body: { ok: false, error: 'PHONE_CODE_INVALID' },
      });
    }
    expect((await signIn(strict, number, codeId, wrong)).body.error).toBe('PHONE_CODE_ATTEMPTS_EXCEEDED');
    expect(await signIn(strict, number, codeId, code)).toMatchObject({
      status: 400,
      body: { error: 'PHONE_CODE_ATTEMPTS_EXCEEDED' },
    });
    expect(await strict.control.listDevices(number)).toHaveLength(1);
    // A new code only after a wait of 5 minutes, not the 30 seconds between codes (ADR 0065).
    const again = await web(strict, '/sign-in/code', { body: { phone_number: number } });
    expect(again).toMatchObject({ status: 429, body: { error: 'FLOOD_WAIT' } });
    expect(again.body.retry_after).toBeGreaterThan(290);
    expect(again.body.retry_after).toBeLessThanOrEqual(300);
  });

  it('lets a wrong code be followed by the right one', async () => {
    const carol = await person(strict, 'Carol');
    const number = carol.phone_number!;
    const { codeId, code } = await requestCode(strict, number);
    expect((await signIn(strict, number, codeId, other(code))).body.error).toBe('PHONE_CODE_INVALID');
    expect((await signIn(strict, number, codeId, code)).status).toBe(200);
  });

  it('takes a code only with the number it was sent to', async () => {
    const dave = await person(strict, 'Dave');
    const erin = await person(strict, 'Erin');
    const { codeId, code } = await requestCode(strict, dave.phone_number!);
    expect((await signIn(strict, erin.phone_number!, codeId, code)).body.error).toBe('PHONE_CODE_EXPIRED');
    expect((await signIn(strict, dave.phone_number!, 'x'.repeat(22), code)).body.error).toBe(
      'PHONE_CODE_EXPIRED',
    );
    expect((await signIn(strict, dave.phone_number!, codeId, code)).status).toBe(200);
  });

  it('sends one code per person per 30 seconds', async () => {
    const frank = await person(strict, 'Frank');
    const number = frank.phone_number!;
    await requestCode(strict, number);
    const again = await web(strict, '/sign-in/code', { body: { phone_number: number } });
    expect(again).toMatchObject({ status: 429, body: { ok: false, error: 'FLOOD_WAIT' } });
    const retryAfter = again.body.retry_after as number;
    expect(retryAfter).toBeGreaterThanOrEqual(25);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(again.headers.get('retry-after')).toBe(String(retryAfter));
    // Only the first code was sent.
    expect(await strict.control.listMessages({ user: number, chat: SERVICE_CHAT })).toHaveLength(1);
  });
});

describe('login codes in the local profile', () => {
  it('signs in by a code too, which expires after 5 minutes of the virtual clock', async () => {
    const gina = await person(local, 'Gina');
    const number = gina.phone_number!;
    const { codeId, code } = await requestCode(local, number);
    await local.control.advanceClock(250);
    // Still alive: a wrong code is counted as wrong, not as expired.
    expect((await signIn(local, number, codeId, other(code))).body.error).toBe('PHONE_CODE_INVALID');
    await local.control.advanceClock(70);
    expect(await signIn(local, number, codeId, code)).toMatchObject({
      status: 400,
      body: { error: 'PHONE_CODE_EXPIRED' },
    });
    // A new code after the expiry signs in.
    const fresh = await requestCode(local, number);
    expect((await signIn(local, number, fresh.codeId, fresh.code)).status).toBe(200);
  });

  it('sends a new code 30 seconds later, voiding the previous one', async () => {
    const hank = await person(local, 'Hank');
    const number = hank.phone_number!;
    const first = await requestCode(local, number);
    await local.control.advanceClock(20);
    expect((await web(local, '/sign-in/code', { body: { phone_number: number } })).status).toBe(429);
    await local.control.advanceClock(15);
    const second = await requestCode(local, number);
    expect(second.codeId).not.toBe(first.codeId);
    expect((await signIn(local, number, first.codeId, first.code)).body.error).toBe('PHONE_CODE_EXPIRED');
    expect((await signIn(local, number, second.codeId, second.code)).status).toBe(200);
  });

  it('voids a code whose message the person forwards, and only that code (ADR 0103 addendum)', async () => {
    const lena = await person(local, 'Lena');
    const number = lena.phone_number!;
    const { token } = (await web(local, '/sign-in', { body: { phone_number: number } })).body.result as {
      token: string;
    };
    const bot = await local.control.createBot({ username: `codefwd${Date.now() % 100_000}_bot` });
    const forward = (messageId: number, chat: string) =>
      web(local, '/forward', {
        token,
        body: { from_chat: String(SERVICE_CHAT), message_id: messageId, chat },
      });

    const first = await requestCode(local, number);
    expect(await forward(first.messageId, `@${bot.username}`)).toMatchObject({
      status: 200,
      body: { ok: true, result: { text: expect.stringContaining(`Login code: ${first.code}`) } },
    });
    expect(await signIn(local, number, first.codeId, first.code)).toMatchObject({
      status: 400,
      body: { ok: false, error: 'PHONE_CODE_EXPIRED' },
    });

    // A newer code, not forwarded, signs in; forwarding the old code's message again leaves it be.
    await local.control.advanceClock(35);
    const second = await requestCode(local, number);
    expect((await forward(first.messageId, `@${bot.username}`)).status).toBe(200);
    expect((await signIn(local, number, second.codeId, second.code)).status).toBe(200);
  });

  it('keeps a code whose forward fails', async () => {
    const mia = await person(local, 'Mia');
    const number = mia.phone_number!;
    const { token } = (await web(local, '/sign-in', { body: { phone_number: number } })).body.result as {
      token: string;
    };
    const stranger = await person(local, 'Pia');
    const foreign = await local.control.createChat({ owner: stranger.id, title: 'Not Mia’s' });
    const { codeId, code, messageId } = await requestCode(local, number);
    const refused = await web(local, '/forward', {
      token,
      body: { from_chat: String(SERVICE_CHAT), message_id: messageId, chat: String(foreign.id) },
    });
    expect(refused).toMatchObject({ status: 404, body: { ok: false, error: 'CHAT_NOT_FOUND' } });
    expect((await signIn(local, number, codeId, code)).status).toBe(200);
  });

  it('keeps the direct sign-in', async () => {
    const ivy = await person(local, 'Ivy');
    expect((await web(local, '/sign-in', { body: { phone_number: ivy.phone_number } })).status).toBe(200);
  });
});

describe('waits after wrong login codes (ADR 0065)', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'parley-login-waits-'));
    server = await startServer({ data: dataDir });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Five wrong codes on a fresh code; the last one voids it. */
  async function voidACode(number: string) {
    const { codeId, code } = await requestCode(server, number);
    for (let i = 1; i <= 5; i++)
      expect((await signIn(server, number, codeId, other(code))).body.error).toBe(
        i < 5 ? 'PHONE_CODE_INVALID' : 'PHONE_CODE_ATTEMPTS_EXCEEDED',
      );
    return { codeId, code };
  }

  /** The FLOOD_WAIT a request for a code gets, in seconds (the clock runs on between the calls). */
  async function floodWait(number: string) {
    const answer = await web(server, '/sign-in/code', { body: { phone_number: number } });
    expect(answer).toMatchObject({ status: 429, body: { ok: false, error: 'FLOOD_WAIT' } });
    expect(answer.headers.get('retry-after')).toBe(String(answer.body.retry_after));
    return answer.body.retry_after as number;
  }

  it('grow per number and per client, and a right code forgets the number’s', async () => {
    const jane = (await person(server, 'Jane')).phone_number!;
    const kurt = (await person(server, 'Kurt')).phone_number!;

    const voided = await voidACode(jane);
    expect(await floodWait(jane)).toBeGreaterThan(290);
    // The void code still says so; it is not compared, even while Jane waits.
    expect((await signIn(server, jane, voided.codeId, voided.code)).body.error).toBe(
      'PHONE_CODE_ATTEMPTS_EXCEEDED',
    );
    await server.control.advanceClock(300);

    // Asking for a new code before the 5th wrong try does not help: wrong codes are counted.
    const first = await requestCode(server, jane);
    for (let i = 0; i < 4; i++)
      expect((await signIn(server, jane, first.codeId, other(first.code))).body.error).toBe(
        'PHONE_CODE_INVALID',
      );
    await server.control.advanceClock(30);
    const second = await requestCode(server, jane);
    expect((await signIn(server, jane, second.codeId, other(second.code))).body.error).toBe(
      'PHONE_CODE_INVALID',
    );
    // The second wait is twice the first, and the pending code is not compared meanwhile.
    expect(await floodWait(jane)).toBeGreaterThan(590);
    expect(await signIn(server, jane, second.codeId, second.code)).toMatchObject({
      status: 429,
      body: { error: 'FLOOD_WAIT', retry_after: expect.any(Number) },
    });

    // This client has made 10 wrong codes: Kurt's number is slowed from here too, for 5 minutes.
    const clientWait = await floodWait(kurt);
    expect(clientWait).toBeGreaterThan(290);
    expect(clientWait).toBeLessThanOrEqual(300);
    await server.control.advanceClock(300);
    const kurts = await requestCode(server, kurt);
    expect((await signIn(server, kurt, kurts.codeId, kurts.code)).status).toBe(200);
    // Jane still waits out her 10 minutes.
    expect(await floodWait(jane)).toBeGreaterThan(290);

    await server.control.advanceClock(300);
    const fresh = await requestCode(server, jane);
    expect((await signIn(server, jane, fresh.codeId, fresh.code)).status).toBe(200);
    // Signed in: her count starts again, so 5 more wrong codes cost 5 minutes, not 20.
    await server.control.advanceClock(30);
    await voidACode(jane);
    const afterReset = await floodWait(jane);
    expect(afterReset).toBeGreaterThan(290);
    expect(afterReset).toBeLessThanOrEqual(300);
  });

  it('survive a restart', async () => {
    const lena = (await person(server, 'Lena')).phone_number!;
    await voidACode(lena);
    await server.close();
    server = await startServer({ data: dataDir });
    expect(await floodWait(lena)).toBeGreaterThan(290);
  });
});
