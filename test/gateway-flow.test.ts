/**
 * The gateway end to end over HTTP: billing (one fee per request_id, the owner's number free, failed
 * calls free, 100 concurrent sends against a balance for 60), devices and delivery statuses, codes
 * and attempts, revoke, refunds after ttl on the virtual clock, the inbox and waiting for codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupGateway, type GatewaySetup } from './helpers/gateway.js';
import { startServer, type TestServer } from './helpers/in-process.js';
import { waitFor } from './helpers/wait-for.js';

let server: TestServer;
let gw: GatewaySetup;
beforeAll(async () => {
  server = await startServer();
  gw = await setupGateway(server, 100);
});
afterAll(async () => {
  await server.close();
});

interface Status {
  request_id: string;
  request_cost: number;
  remaining_balance?: number;
  is_refunded?: boolean;
  delivery_status?: { status: string; updated_at: number };
  verification_status?: { status: string; code_entered?: string };
}

async function ok(method: string, params: Record<string, unknown>, setup = gw): Promise<Status> {
  const answer = await setup.call(method, params);
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ ok: true });
  return answer.body.result as Status;
}

const status = (requestId: string, code?: string, setup = gw) =>
  ok(
    'checkVerificationStatus',
    code === undefined ? { request_id: requestId } : { request_id: requestId, code },
    setup,
  );

async function deliveryBecomes(requestId: string, expected: string, setup = gw): Promise<Status> {
  return waitFor(
    async () => {
      const current = await status(requestId, undefined, setup);
      return current.delivery_status?.status === expected && current;
    },
    { what: `delivery status ${expected}` },
  );
}

describe('billing', () => {
  it('charges 60 of 100 concurrent sends against a balance for 60, leaving exactly zero', async () => {
    const shop = await setupGateway(server, '0.6');
    const people = await Promise.all(Array.from({ length: 5 }, () => shop.person()));
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        shop.call('sendVerificationMessage', { phone_number: people[i % 5]!.phone_number, code_length: 4 }),
      ),
    );
    const succeeded = answers.filter((a) => a.body.ok);
    expect(succeeded).toHaveLength(60);
    expect(answers.filter((a) => a.body.error === 'BALANCE_NOT_ENOUGH')).toHaveLength(40);
    expect(new Set(succeeded.map((a) => (a.body.result as Status).request_id)).size).toBe(60);
    const balances = succeeded.map((a) => (a.body.result as Status).remaining_balance!).sort((a, b) => a - b);
    expect(balances[0]).toBe(0);
    expect((await server.control.getGatewayAccount(shop.account.id)).balance).toBe(0);
    const charges = (await server.control.getGatewayLedger(shop.account.id, 1000)).filter(
      (e) => e.kind === 'charge',
    );
    expect(charges).toHaveLength(60);
    expect(charges.every((c) => c.amount === -0.01 && c.balance_after >= 0)).toBe(true);
    // Failed calls sent nothing.
    const inboxes = await Promise.all(people.map((p) => server.control.getVerificationInbox(p.phone_number)));
    expect(inboxes.flat()).toHaveLength(60);
  });

  it('charges checkSendAbility once; its request_id sends once for free, then fails', async () => {
    const person = await gw.person();
    const before = (await server.control.getGatewayAccount(gw.account.id)).balance;
    const ability = await ok('checkSendAbility', { phone_number: person.phone_number });
    expect(ability).toMatchObject({ request_cost: 0.01, remaining_balance: before - 0.01 });
    expect(ability).not.toHaveProperty('delivery_status');
    const sent = await ok('sendVerificationMessage', {
      phone_number: person.phone_number,
      request_id: ability.request_id,
      code_length: 6,
    });
    expect(sent).toMatchObject({
      request_id: ability.request_id,
      request_cost: 0.01,
      delivery_status: { status: 'sent' },
    });
    expect(sent).not.toHaveProperty('remaining_balance');
    const again = await gw.call('sendVerificationMessage', {
      phone_number: person.phone_number,
      request_id: ability.request_id,
      code_length: 6,
    });
    expect(again).toMatchObject({ status: 400, body: { error: 'MESSAGE_ALREADY_SENT' } });
    expect((await server.control.getGatewayAccount(gw.account.id)).balance).toBeCloseTo(before - 0.01, 6);
    const fresh = await ok('sendVerificationMessage', { phone_number: person.phone_number, code_length: 6 });
    expect(fresh.request_id).not.toBe(ability.request_id);
    expect(fresh.remaining_balance).toBeCloseTo(before - 0.02, 6);
  });

  it("sends to the owner's own number for free and never charges a failed call", async () => {
    const before = await server.control.getGatewayLedger(gw.account.id, 1000);
    const own = await ok('sendVerificationMessage', { phone_number: gw.owner.phone_number, code_length: 4 });
    expect(own.request_cost).toBe(0);
    expect(own).not.toHaveProperty('remaining_balance');
    const person = await gw.person();
    for (const params of [
      { phone_number: person.phone_number },
      { phone_number: person.phone_number, code_length: 4, ttl: 5 },
      { phone_number: person.phone_number, code_length: 4, sender_username: 'nobody_here' },
    ]) {
      expect((await gw.call('sendVerificationMessage', params)).body.ok).toBe(false);
    }
    expect(await server.control.getGatewayLedger(gw.account.id, 1000)).toEqual(before);
  });
});

describe('delivery and devices', () => {
  it('moves sent -> delivered -> read as the device receives and the person reads', async () => {
    const person = await gw.person();
    expect(await server.control.listDevices(person.phone_number)).toMatchObject([
      { name: 'Phone', online: true, receipt_delay: 0, read_delay: null },
    ]);
    const sent = await ok('sendVerificationMessage', { phone_number: person.phone_number, code_length: 4 });
    expect(sent.delivery_status?.status).toBe('sent');
    await deliveryBecomes(sent.request_id, 'delivered');
    const read = await server.control.markVerificationRead({ phone: person.phone_number });
    expect(read).toMatchObject({ request_id: sent.request_id, delivery_status: 'read' });
    expect((await status(sent.request_id)).delivery_status?.status).toBe('read');
  });

  it('keeps a message sent while offline, and delivers it when a device comes online', async () => {
    const person = await gw.person();
    await server.control.setDevicesOffline(person.phone_number);
    const sent = await ok('sendVerificationMessage', { phone_number: person.phone_number, code_length: 4 });
    await server.control.advanceClock(60);
    expect((await status(sent.request_id)).delivery_status?.status).toBe('sent');
    await expect(server.control.markVerificationRead({ phone: person.phone_number })).rejects.toMatchObject({
      status: 409,
      error: 'NO_ONLINE_DEVICE',
    });
    await server.control.setDevicesOnline(person.phone_number);
    await deliveryBecomes(sent.request_id, 'delivered');
  });

  it('follows a device that acknowledges after a delay on the virtual clock', async () => {
    const person = await gw.person();
    const [phoneDevice] = await server.control.listDevices(person.phone_number);
    await server.control.updateDevice(phoneDevice!.id, { receipt_delay: 30, read_delay: 10 });
    const sent = await ok('sendVerificationMessage', { phone_number: person.phone_number, code_length: 4 });
    await server.control.advanceClock(29);
    expect((await status(sent.request_id)).delivery_status?.status).toBe('sent');
    await server.control.advanceClock(1);
    const delivered = await deliveryBecomes(sent.request_id, 'delivered');
    expect(delivered.delivery_status!.updated_at - sent.delivery_status!.updated_at).toBe(30);
    await server.control.advanceClock(10);
    await deliveryBecomes(sent.request_id, 'read');
  });

  it('refunds a message not delivered within ttl, and not one delivered in time', async () => {
    const shop = await setupGateway(server, '0.02');
    const offline = await shop.person();
    await server.control.setDevicesOffline(offline.phone_number);
    const lost = await ok(
      'sendVerificationMessage',
      { phone_number: offline.phone_number, code_length: 4, ttl: 30 },
      shop,
    );
    const online = await shop.person();
    const kept = await ok(
      'sendVerificationMessage',
      { phone_number: online.phone_number, code_length: 4, ttl: 30 },
      shop,
    );
    await deliveryBecomes(kept.request_id, 'delivered', shop);
    expect((await server.control.getGatewayAccount(shop.account.id)).balance).toBe(0);
    await server.control.advanceClock(31);
    const expired = await deliveryBecomes(lost.request_id, 'expired', shop);
    expect(expired).toMatchObject({ is_refunded: true, request_cost: 0.01 });
    expect((await status(kept.request_id, undefined, shop)).is_refunded).toBeUndefined();
    expect((await server.control.getGatewayAccount(shop.account.id)).balance).toBe(0.01);
    const ledger = await server.control.getGatewayLedger(shop.account.id);
    expect(ledger.at(-1)).toMatchObject({ kind: 'refund', amount: 0.01, request_id: lost.request_id });
    // The expired message left the person's chat.
    const entry = (await server.control.getVerificationInbox(offline.phone_number))[0];
    expect(entry).toMatchObject({ delivery_status: 'expired' });
    expect(entry).not.toHaveProperty('code');
  });

  it('revokes an undelivered message and leaves a delivered one', async () => {
    const person = await gw.person();
    await server.control.setDevicesOffline(person.phone_number);
    const pending = await ok('sendVerificationMessage', { phone_number: person.phone_number, code: '2468' });
    expect((await gw.call('revokeVerificationMessage', { request_id: pending.request_id })).body).toEqual({
      ok: true,
      result: true,
    });
    expect(await status(pending.request_id, '2468')).toMatchObject({
      delivery_status: { status: 'revoked' },
      verification_status: { status: 'expired' },
    });
    expect(await server.control.listMessages({ user: person.phone_number, chat: 489000 })).toEqual([]);

    await server.control.setDevicesOnline(person.phone_number);
    const delivered = await ok('sendVerificationMessage', {
      phone_number: person.phone_number,
      code: '1357',
    });
    await deliveryBecomes(delivered.request_id, 'delivered');
    expect(
      (await gw.call('revokeVerificationMessage', { request_id: delivered.request_id })).body.result,
    ).toBe(true);
    expect((await status(delivered.request_id, '1357')).verification_status?.status).toBe('code_valid');
    expect((await server.control.listMessages({ user: person.phone_number, chat: 489000 })).length).toBe(1);
  });
});

describe('codes', () => {
  it('checks codes: invalid four times, then max attempts; a right code is valid once', async () => {
    const person = await gw.person();
    const sent = await ok('sendVerificationMessage', { phone_number: person.phone_number, code_length: 6 });
    const { code, request_id } = await server.control.waitForCode({ phone: person.phone_number, timeout: 5 });
    expect(request_id).toBe(sent.request_id);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      expect((await status(request_id, wrong)).verification_status).toMatchObject({
        status: 'code_invalid',
        code_entered: wrong,
      });
    }
    expect((await status(request_id, wrong)).verification_status?.status).toBe('code_max_attempts_exceeded');
    expect((await status(request_id, code)).verification_status?.status).toBe('code_max_attempts_exceeded');

    const second = await ok('sendVerificationMessage', { phone_number: person.phone_number, code: '80808' });
    expect((await status(second.request_id, '80808')).verification_status?.status).toBe('code_valid');
  });

  it('expires a code when its lifetime ends on the virtual clock', async () => {
    const person = await gw.person();
    const sent = await ok('sendVerificationMessage', { phone_number: person.phone_number, code: '4444' });
    await server.control.advanceClock(600);
    expect((await status(sent.request_id, '4444')).verification_status?.status).toBe('expired');
  });

  it('waits server-side for the next code, and lists the inbox', async () => {
    const person = await gw.person();
    const waiting = server.control.waitForCode({ phone: person.phone_number, timeout: 10 });
    const sent = await ok('sendVerificationMessage', { phone_number: person.phone_number, code: '97531' });
    expect(await waiting).toMatchObject({
      request_id: sent.request_id,
      code: '97531',
      phone_number: person.phone_number,
    });
    await expect(
      server.control.waitForCode({ phone: person.phone_number, timeout: 0 }),
    ).rejects.toMatchObject({
      status: 408,
      error: 'WAIT_TIMEOUT',
    });
    expect(await server.control.getVerificationInbox(person.phone_number)).toMatchObject([
      { request_id: sent.request_id, code: '97531', text: expect.stringContaining('97531') },
    ]);
  });
});
