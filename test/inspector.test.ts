/**
 * The operator's inspector over the control API (ADR 0055): every bot with its webhook and pending
 * updates, a bot's pending updates as it will get them, every gateway account, an account's
 * requests with the code as the person received it; the inspector's event stream (admin token
 * only) and the admin token handed to a loopback page in the local profile only, unless
 * `--inspector-token off`.
 */
import { request } from 'node:http';
import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startServer, phone, type TestServer } from './helpers/in-process.js';
import { setupGateway } from './helpers/gateway.js';
import { openEventStream } from './helpers/event-stream.js';
import { waitFor } from './helpers/wait-for.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

describe('the inspector', () => {
  it('lists bots with their pending updates, and a bot’s updates as it will get them', async () => {
    const created = await server.control.createBot({ username: 'inspected_bot', first_name: 'Inspected' });
    const alice = await server.control.createUser({ phone_number: phone(), first_name: 'Alice' });
    await server.control.sendMessage({ from: alice.id, chat: '@inspected_bot', text: 'one' });
    await server.control.sendMessage({ from: alice.id, chat: '@inspected_bot', text: 'two' });
    const mine = (await server.control.listBots()).find((bot) => bot.id === created.id);
    expect(mine).toMatchObject({
      first_name: 'Inspected',
      username: 'inspected_bot',
      pending_update_count: 2,
      webhook: { url: '', pending_update_count: 2 },
    });
    const updates = await server.control.listPendingUpdates('@inspected_bot');
    expect(updates.map((u) => [u.type, (u.update.message as { text: string }).text])).toEqual([
      ['message', 'one'],
      ['message', 'two'],
    ]);
    expect(updates[0]).toMatchObject({ attempts: 0, update: { update_id: updates[0]!.update_id } });
    // Taken by the bot: gone from the inspector too.
    const api = new Api(created.token, { apiRoot: server.url });
    await api.getUpdates({ offset: updates[1]!.update_id + 1, timeout: 0 });
    expect(await server.control.listPendingUpdates('@inspected_bot')).toEqual([]);
    await expect(server.control.listPendingUpdates('@nobody_here_bot')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('lists gateway accounts and an account’s requests with the code as received', async () => {
    const gw = await setupGateway(server, 100);
    const person = await gw.person('Pat');
    const sent = await gw.call('sendVerificationMessage', {
      phone_number: person.phone_number,
      code_length: 5,
    });
    const requestId = (sent.body.result as { request_id: string }).request_id;
    expect((await server.control.listGatewayAccounts()).map((a) => a.id)).toContain(gw.account.id);
    const [entry] = await server.control.getVerificationInbox(person.phone_number!);
    const [request] = await server.control.listVerificationRequests({ account: gw.account.id });
    expect(request).toMatchObject({
      request_id: requestId,
      account_id: gw.account.id,
      phone_number: person.phone_number,
      is_refunded: false,
      code: entry!.code,
    });
    expect(request!.code).toMatch(/^\d{5}$/);
    await gw.call('checkVerificationStatus', { request_id: requestId, code: request!.code });
    const [checked] = await server.control.listVerificationRequests({ account: gw.account.id });
    expect(checked).toMatchObject({ verification_status: 'code_valid', code_entered: request!.code });
    await expect(server.control.listVerificationRequests({ account: 999_999 })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('streams what changed to the admin only', async () => {
    expect((await fetch(`${server.url}/web/api/inspector/events`)).status).toBe(401);
    const wrong = await fetch(`${server.url}/web/api/inspector/events`, {
      headers: { authorization: 'Bearer not-the-admin-token-at-all' },
    });
    expect(wrong.status).toBe(401);
    const stream = await openEventStream(`${server.url}/web/api/inspector/events`, ADMIN_TOKEN);
    const received = () => stream.text();
    await waitFor(() => received().includes('event: ready'), { what: 'the ready event' });
    await server.control.advanceClock(5);
    await waitFor(() => received().includes('{"area":"clock"}'), { what: 'the clock event' });
    const gw = await setupGateway(server, 100);
    const person = await gw.person('Quinn');
    await gw.call('sendVerificationMessage', { phone_number: person.phone_number, code_length: 4 });
    await server.control.markVerificationRead({ phone: person.phone_number! });
    await waitFor(() => received().includes('{"area":"gateway"}'), { what: 'the gateway event' });
    await stream.close();
  });

  it('hands the admin token to a loopback page in the local profile only', async () => {
    const local = await fetch(`${server.url}/web/api/inspector/token`);
    expect(await local.json()).toEqual({ ok: true, result: { admin_token: ADMIN_TOKEN } });
    // A page reached by another name (a DNS rebinding attempt, say) is not given it.
    const otherHost = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${server.url}/web/api/inspector/token`);
      request(url, { headers: { host: 'parley.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(otherHost).toBe(403);
    const strict = await startServer({ profile: 'strict' });
    try {
      expect((await fetch(`${strict.url}/web/api/inspector/token`)).status).toBe(403);
    } finally {
      await strict.close();
    }
  });

  it('hands out no token with --inspector-token off; the pasted token still opens the inspector', async () => {
    const shared = await startServer({ inspectorToken: 'off' });
    try {
      const answer = await fetch(`${shared.url}/web/api/inspector/token`);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ ok: false, error: 'NOT_FOUND' });
      // What the inspector reads with the token the operator pastes (web/src/control.ts).
      const events = await fetch(`${shared.url}/web/api/inspector/events`, {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(events.status).toBe(200);
      await events.body?.cancel();
      expect(await shared.control.listBots()).toEqual([]);
    } finally {
      await shared.close();
    }
  });
});
