/**
 * The gateway's rules without HTTP: billing, codes and attempts, expiry and refunds on the virtual
 * clock, revoke, devices, reports queued, and how tokens and codes are stored.
 */
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GatewayError } from './gateway-error.js';
import { SystemClock } from '../core/clock.js';
import { EventBus } from '../core/event-bus.js';
import { assemblePlatform, type Platform } from '../assembly/platform.js';
import { cryptoRandom } from '../core/random.js';
import { SqliteStore } from '../../storage/sqlite/sqlite-store.js';
import type { RequestStatus } from './request-status.js';
import type { GatewayAccountRow } from '../../storage/gateway-store.js';

const REFERENCE_TIME_MS = Date.UTC(2026, 0, 1);

let platform: Platform;
let clock: SystemClock;
let store: SqliteStore;
let account: GatewayAccountRow;
let token: string;
let ownerPhone: string;
let counter = 0;
/** Scripted request_ids: 1 followed by these 14-digit draws (random otherwise), to make ids collide. */
let requestIdDraws: number[] = [];

async function person(name = 'Person'): Promise<string> {
  counter += 1;
  const phone = `+1555100${String(counter).padStart(4, '0')}`;
  await platform.users.createUser({ phone_number: phone, first_name: name });
  return phone;
}

/** Moves the clock and runs what fell due, as the timer worker would. */
async function advance(seconds: number): Promise<void> {
  clock.advance(seconds * 1000);
  const lease = { owner: 'test', now: Date.now(), until: Date.now() + 60_000 };
  const jobs = await store.jobs.claimGatewayJobs('timed', lease, clock.nowMs(), 1000);
  await platform.gateway.runTimedJobs(jobs);
  await store.jobs.release('test');
}

const send = (params: Record<string, unknown>) => platform.gateway.requests.send(account, params);
const check = (params: Record<string, unknown>) => platform.gateway.requests.checkStatus(account, params);
const balance = async () => (await platform.gateway.accounts.view(account.id)).balance;

async function rejects(promise: Promise<unknown>, code: string): Promise<void> {
  await expect(promise).rejects.toSatisfy((e) => e instanceof GatewayError && e.code === code);
}

beforeEach(async () => {
  store = SqliteStore.open(':memory:');
  clock = new SystemClock(0, () => REFERENCE_TIME_MS);
  requestIdDraws = [];
  platform = assemblePlatform({
    store,
    clock,
    random: {
      ...cryptoRandom,
      int: (min, max) => {
        if (requestIdDraws.length === 0) return cryptoRandom.int(min, max);
        if (min === 1 && max === 10) return 1;
        return min === 0 && max === 10 ** 14 ? requestIdDraws.shift()! : cryptoRandom.int(min, max);
      },
    },
    bus: new EventBus(),
    config: { profile: 'local' },
    filesDir: tmpdir(),
  });
  ownerPhone = await person('Owner');
  const created = await platform.gateway.accounts.create({ owner: ownerPhone, balance: 1_000_000 });
  token = created.access_token;
  account = (await platform.gateway.accounts.authenticate(token))!;
});

afterEach(async () => {
  await store.close();
});

describe('accounts and tokens', () => {
  it('finds the account by its token and by nothing else', async () => {
    expect(token).toMatch(/^AA[A-Za-z0-9_-]{44}$/);
    expect(account.id).toBeGreaterThan(0);
    expect(await platform.gateway.accounts.authenticate(`${token}x`)).toBeUndefined();
    expect(await platform.gateway.accounts.authenticate('')).toBeUndefined();
  });

  it('keeps the signing key SHA-256(token) but looks the token up by another hash', async () => {
    const digest = createHash('sha256').update(token).digest();
    expect(Buffer.compare(account.signing_key, digest)).toBe(0);
    expect(account.token_lookup).not.toBe(digest.toString('hex'));
    expect(account.token_lookup).toMatch(/^[0-9a-f]{64}$/);
  });

  it('tops up, prices by the longest prefix, and keeps a ledger', async () => {
    await platform.gateway.accounts.setPrices(account.id, {
      default_price: 20_000,
      prices: { '1': 30_000, '1555': 5_000 },
    });
    const view = await platform.gateway.accounts.topUp(account.id, 500_000);
    expect(view).toMatchObject({ balance: 1.5, default_price: 0.02, prices: { '1': 0.03, '1555': 0.005 } });
    const sent = await send({ phone_number: await person(), code_length: 4 });
    expect(sent.request_cost).toBe(0.005);
    expect(sent.remaining_balance).toBe(1.495);
    const ledger = await platform.gateway.accounts.ledger(account.id, 10);
    expect(ledger.map((e) => [e.kind, e.amount, e.balance_after])).toEqual([
      ['top_up', 1, 1],
      ['top_up', 0.5, 1.5],
      ['charge', -0.005, 1.495],
    ]);
    await rejects(
      platform.gateway.accounts.setPrices(account.id, { prices: { '0x': 1 } }),
      'PRICE_PREFIX_INVALID',
    );
  });
});

describe('billing', () => {
  it('charges checkSendAbility once and lets one send use its request_id for free', async () => {
    const phone = await person();
    const ability = await platform.gateway.requests.checkSendAbility(account, { phone_number: phone });
    expect(ability).toEqual({
      request_id: expect.stringMatching(/^[1-9]\d{14}$/),
      phone_number: phone,
      request_cost: 0.01,
      remaining_balance: 0.99,
    });
    const sent = await send({ phone_number: phone, request_id: ability.request_id, code: '1234' });
    expect(sent).toMatchObject({ request_id: ability.request_id, request_cost: 0.01 });
    expect(sent.remaining_balance).toBeUndefined();
    expect(await balance()).toBe(0.99);
    await rejects(
      send({ phone_number: phone, request_id: ability.request_id, code: '1234' }),
      'MESSAGE_ALREADY_SENT',
    );
    // A send without request_id is a new, charged request.
    const again = await send({ phone_number: phone, code: '1234' });
    expect(again.request_id).not.toBe(ability.request_id);
    expect(await balance()).toBe(0.98);
  });

  it('asks the store for another request_id when the one it made is taken, charging once', async () => {
    const phone = await person();
    const first = await send({ phone_number: phone, code: '1111' });
    const make = store.gateway.newRequestId!.bind(store.gateway);
    let asked = 0;
    store.gateway.newRequestId = async () => (++asked === 1 ? first.request_id : make());
    const second = await send({ phone_number: phone, code: '2222' });
    expect(asked).toBe(2);
    expect(second.request_id).toMatch(/^[1-9]\d{14}$/);
    expect(second.request_id).not.toBe(first.request_id);
    expect(await balance()).toBe(0.98);
    const ledger = await platform.gateway.accounts.ledger(account.id, 10);
    expect(ledger.filter((e) => e.kind === 'charge').map((e) => e.request_id)).toEqual([
      first.request_id,
      second.request_id,
    ]);
    expect((await platform.gateway.inbox.list(phone)).map((e) => e.code)).toEqual(['1111', '2222']);
  });

  it('draws another request_id when a drawn one is taken, charging once', async () => {
    // A store that does not make request_ids (PostgreSQL): the platform draws them at random.
    store.gateway.newRequestId = undefined;
    const phone = await person();
    requestIdDraws = [5, 5, 6, 6, 7];
    const first = await send({ phone_number: phone, code: '1111' });
    const second = await send({ phone_number: phone, code: '2222' });
    const ability = await platform.gateway.requests.checkSendAbility(account, { phone_number: phone });
    expect([first.request_id, second.request_id, ability.request_id]).toEqual([
      '100000000000005',
      '100000000000006',
      '100000000000007',
    ]);
    expect(requestIdDraws).toEqual([]);
    expect(await balance()).toBe(0.97);
    const ledger = await platform.gateway.accounts.ledger(account.id, 10);
    expect(ledger.filter((e) => e.kind === 'charge').map((e) => e.request_id)).toEqual([
      first.request_id,
      second.request_id,
      ability.request_id,
    ]);
    expect((await platform.gateway.inbox.list(phone)).map((e) => e.code)).toEqual(['1111', '2222']);
    await advance(0);
    expect((await check({ request_id: second.request_id, code: '2222' })).verification_status?.status).toBe(
      'code_valid',
    );
  });

  it('binds a request_id to its number and to its account', async () => {
    const ability = await platform.gateway.requests.checkSendAbility(account, {
      phone_number: await person(),
    });
    await rejects(
      send({ phone_number: await person(), request_id: ability.request_id, code_length: 4 }),
      'PHONE_NUMBER_MISMATCH',
    );
    await rejects(
      send({ phone_number: await person(), request_id: '123456789012345', code_length: 4 }),
      'REQUEST_ID_INVALID',
    );
    const other = await platform.gateway.accounts.create({ owner: await person(), balance: 1_000_000 });
    const otherAccount = (await platform.gateway.accounts.authenticate(other.access_token))!;
    await rejects(
      platform.gateway.requests.checkStatus(otherAccount, { request_id: ability.request_id }),
      'REQUEST_ID_INVALID',
    );
  });

  it('sends to the owner for free, even with an empty balance', async () => {
    const poor = await platform.gateway.accounts.create({ owner: await person(), balance: 0 });
    const poorAccount = (await platform.gateway.accounts.authenticate(poor.access_token))!;
    const free = await platform.gateway.requests.send(poorAccount, {
      phone_number: poor.owner.phone_number,
      code_length: 6,
    });
    expect(free.request_cost).toBe(0);
    expect(free.remaining_balance).toBeUndefined();
    await rejects(
      platform.gateway.requests.checkSendAbility(poorAccount, { phone_number: ownerPhone }),
      'BALANCE_NOT_ENOUGH',
    );
    expect(await platform.gateway.accounts.ledger(poor.id, 10)).toEqual([]);
  });

  it('never charges a call that fails', async () => {
    const phone = await person();
    await rejects(send({ phone_number: phone }), 'CODE_LENGTH_REQUIRED');
    await rejects(
      send({ phone_number: phone, code_length: 4, sender_username: 'nochannel' }),
      'SENDER_USERNAME_INVALID',
    );
    await rejects(send({ phone_number: '+19999999999', code_length: 4 }), 'PHONE_NUMBER_NOT_FOUND');
    expect(await balance()).toBe(1);
    expect((await platform.gateway.accounts.ledger(account.id, 10)).length).toBe(1);
  });
});

describe('codes', () => {
  it('generates digits, stores only a keyed hash, and accepts the right code once', async () => {
    const phone = await person();
    const sent = await send({ phone_number: phone, code_length: 8 });
    const received = await platform.gateway.inbox.waitForCode(phone, 0);
    expect(received?.code).toMatch(/^\d{8}$/);
    const row = (await store.gateway.getRequest(sent.request_id))!;
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(received!.code);
    const valid = await check({ request_id: sent.request_id, code: received!.code });
    expect(valid.verification_status).toMatchObject({ status: 'code_valid', code_entered: received!.code });
    // Final: a later wrong code changes nothing.
    const after = await check({ request_id: sent.request_id, code: '0000' });
    expect(after.verification_status).toEqual(valid.verification_status);
  });

  it('counts wrong codes: four are code_invalid, the fifth ends it', async () => {
    const sent = await send({ phone_number: await person(), code: '4321' });
    for (let i = 1; i <= 4; i++) {
      const status = await check({ request_id: sent.request_id, code: `000${i}` });
      expect(status.verification_status).toMatchObject({ status: 'code_invalid', code_entered: `000${i}` });
    }
    const fifth = await check({ request_id: sent.request_id, code: '0005' });
    expect(fifth.verification_status?.status).toBe('code_max_attempts_exceeded');
    const right = await check({ request_id: sent.request_id, code: '4321' });
    expect(right.verification_status?.status).toBe('code_max_attempts_exceeded');
    await rejects(check({ request_id: sent.request_id, code: '12' }), 'CODE_INVALID');
  });

  it('expires a code after 600 s without ttl, and after ttl with one', async () => {
    const plain = await send({ phone_number: await person(), code: '1111' });
    const timed = await send({ phone_number: await person(), code: '2222', ttl: 60 });
    await advance(59);
    expect((await check({ request_id: timed.request_id })).verification_status).toBeUndefined();
    await advance(1);
    expect((await check({ request_id: timed.request_id, code: '2222' })).verification_status?.status).toBe(
      'expired',
    );
    await advance(539);
    expect((await check({ request_id: plain.request_id, code: '1111' })).verification_status?.status).toBe(
      'code_valid',
    );
    const late = await send({ phone_number: await person(), code: '3333' });
    clock.advance(600_000);
    // No worker ran: the check settles what fell due first.
    expect((await check({ request_id: late.request_id, code: '3333' })).verification_status?.status).toBe(
      'expired',
    );
  });

  it('plans no expiry job without ttl or callback_url; readers still see the code expire on time', async () => {
    const phone = await person();
    const plain = await send({ phone_number: phone, code: '4242' });
    const reported = await send({ phone_number: phone, code: '4343', callback_url: 'https://example.com/r' });
    const jobKinds = async (requestId: string) =>
      (await store.gateway.listJobs(requestId)).map((job) => job.kind).filter((kind) => kind !== 'report');
    expect(await jobKinds(plain.request_id)).toEqual([]);
    expect(await jobKinds(reported.request_id)).toEqual(['expire']);

    await advance(599);
    expect((await platform.gateway.inbox.list(phone))[0]).not.toHaveProperty('verification_status');
    await advance(1);
    // The inbox, which does not settle, shows it; a check writes it, stamped with the expiry time.
    expect((await platform.gateway.inbox.list(phone))[0]).toMatchObject({ verification_status: 'expired' });
    const checked = await check({ request_id: plain.request_id, code: '4242' });
    expect(checked.verification_status).toEqual({
      status: 'expired',
      updated_at: Math.floor(REFERENCE_TIME_MS / 1000) + 600,
    });
    expect((await store.gateway.getRequest(plain.request_id))?.verification_status).toBe('expired');
  });
});

describe('delivery, devices and refunds', () => {
  it('moves sent -> delivered -> read with the default device and the person reading', async () => {
    const phone = await person();
    expect(await platform.devices.list(phone)).toMatchObject([
      { name: 'Phone', online: true, receipt_delay: 0 },
    ]);
    const sent = await send({ phone_number: phone, code_length: 5 });
    expect(sent.delivery_status?.status).toBe('sent');
    await advance(0);
    expect((await check({ request_id: sent.request_id })).delivery_status?.status).toBe('delivered');
    await platform.gateway.inbox.markRead(phone);
    expect((await check({ request_id: sent.request_id })).delivery_status?.status).toBe('read');
  });

  it('refunds a message not delivered within ttl, and not one delivered in time', async () => {
    const offline = await person();
    await platform.devices.setOnline(offline, false);
    const lost = await send({ phone_number: offline, code_length: 4, ttl: 30 });
    const slow = await person();
    const device = (await platform.devices.list(slow))[0]!;
    await platform.devices.update(device.id, { receipt_delay: 20, read_delay: 5 });
    const kept = await send({ phone_number: slow, code_length: 4, ttl: 30 });
    expect(await balance()).toBe(0.98);
    // Far past both: the jobs replay in their own order (receipt at 20 s, read at 25 s, expiry at 30 s).
    await advance(3600);
    const lostStatus = await check({ request_id: lost.request_id });
    expect(lostStatus).toMatchObject({ is_refunded: true, delivery_status: { status: 'expired' } });
    expect(lostStatus.delivery_status!.updated_at - lost.delivery_status!.updated_at).toBe(30);
    const keptStatus = await check({ request_id: kept.request_id });
    expect(keptStatus.is_refunded).toBeUndefined();
    expect(keptStatus.delivery_status?.status).toBe('read');
    expect(keptStatus.delivery_status!.updated_at - kept.delivery_status!.updated_at).toBe(25);
    expect(await balance()).toBe(0.99);
    // The expired message left the chat; coming online later delivers nothing.
    expect((await platform.gateway.inbox.list(offline))[0]).not.toHaveProperty('code');
    await platform.devices.setOnline(offline, true);
    await advance(1);
    expect((await check({ request_id: lost.request_id })).delivery_status?.status).toBe('expired');
  });

  it('delivers to a device that comes online, after its own delay', async () => {
    const phone = await person();
    await platform.devices.setOnline(phone, false);
    const sent = await send({ phone_number: phone, code_length: 4 });
    await advance(100);
    expect((await check({ request_id: sent.request_id })).delivery_status?.status).toBe('sent');
    const tablet = await platform.devices.add(phone, { name: 'Tablet', receipt_delay: 10 });
    await advance(9);
    expect((await check({ request_id: sent.request_id })).delivery_status?.status).toBe('sent');
    await advance(1);
    expect((await check({ request_id: sent.request_id })).delivery_status?.status).toBe('delivered');
    expect(tablet.online).toBe(true);
  });

  it('revokes only an undelivered message, without a refund', async () => {
    const phone = await person();
    await platform.devices.setOnline(phone, false);
    const pending = await send({ phone_number: phone, code: '5555' });
    await platform.gateway.requests.revoke(account, { request_id: pending.request_id });
    const revoked = await check({ request_id: pending.request_id, code: '5555' });
    expect(revoked).toMatchObject({
      delivery_status: { status: 'revoked' },
      verification_status: { status: 'expired' },
    });
    expect(revoked.is_refunded).toBeUndefined();
    expect((await platform.gateway.inbox.list(phone))[0]).not.toHaveProperty('message_id');

    await platform.devices.setOnline(phone, true);
    const delivered = await send({ phone_number: phone, code: '6666' });
    await advance(0);
    await platform.gateway.requests.revoke(account, { request_id: delivered.request_id });
    expect((await check({ request_id: delivered.request_id })).delivery_status?.status).toBe('delivered');
    expect((await platform.gateway.inbox.list(phone)).at(-1)?.code).toBe('6666');
  });

  it('takes an immediate receipt in the send itself, with the reports the timer would have queued', async () => {
    const callback = { callback_url: 'http://127.0.0.1:9/cb' };
    const reportsOf = async (requestId: string) =>
      (await store.gateway.listJobs(requestId))
        .filter((j) => j.kind === 'report')
        .map((j) => JSON.parse(j.body!) as RequestStatus);
    const timedOf = async (requestId: string) =>
      (await store.gateway.listJobs(requestId)).filter((j) => j.kind !== 'report').map((j) => j.kind);

    // The default device: delivered at once, though the send answers 'sent' as before.
    const phone = await person();
    const sent = await send({ phone_number: phone, code: '1234', ...callback });
    expect(sent.delivery_status?.status).toBe('sent');
    expect((await store.gateway.getRequest(sent.request_id))?.delivery_status).toBe('delivered');
    expect(await timedOf(sent.request_id)).toEqual(['expire']);
    const at = sent.delivery_status!.updated_at;
    expect(await reportsOf(sent.request_id)).toEqual(
      [
        { ...sent, remaining_balance: undefined, delivery_status: { status: 'sent', updated_at: at } },
        { ...sent, remaining_balance: undefined, delivery_status: { status: 'delivered', updated_at: at } },
      ].map((report) => JSON.parse(JSON.stringify(report)) as RequestStatus),
    );

    // A device that also reads at once; one that reads later; one that acknowledges later.
    const device = async (input: { receipt_delay: number; read_delay: number | null }) => {
      const owner = await person();
      const phoneDevice = (await platform.devices.list(owner))[0]!;
      await platform.devices.update(phoneDevice.id, input);
      return owner;
    };
    const reader = await send({
      phone_number: await device({ receipt_delay: 0, read_delay: 0 }),
      code_length: 4,
      ...callback,
    });
    expect((await reportsOf(reader.request_id)).map((r) => r.delivery_status?.status)).toEqual([
      'sent',
      'delivered',
      'read',
    ]);
    expect(await timedOf(reader.request_id)).toEqual(['expire']);

    const later = await send({
      phone_number: await device({ receipt_delay: 0, read_delay: 7 }),
      code_length: 4,
      ...callback,
    });
    expect(await timedOf(later.request_id)).toEqual(['expire', 'read']);
    const slow = await send({
      phone_number: await device({ receipt_delay: 3, read_delay: null }),
      code_length: 4,
      ...callback,
    });
    expect(await timedOf(slow.request_id)).toEqual(['receipt', 'expire']);
    expect((await reportsOf(slow.request_id)).map((r) => r.delivery_status?.status)).toEqual(['sent']);

    await advance(7);
    expect(
      (await reportsOf(later.request_id)).map((r) => [
        r.delivery_status?.status,
        r.delivery_status?.updated_at,
      ]),
    ).toEqual([
      ['sent', at],
      ['delivered', at],
      ['read', at + 7],
    ]);
    expect(
      (await reportsOf(slow.request_id)).map((r) => [
        r.delivery_status?.status,
        r.delivery_status?.updated_at,
      ]),
    ).toEqual([
      ['sent', at],
      ['delivered', at + 3],
    ]);
  });

  it('queues one report per change of a request with a callback_url, in order', async () => {
    const phone = await person();
    const sent = await send({
      phone_number: phone,
      code: '7777',
      callback_url: 'http://127.0.0.1:9/cb',
      payload: 'p',
    });
    await advance(0);
    await check({ request_id: sent.request_id, code: '7777' });
    const reports = (await store.gateway.listJobs(sent.request_id)).filter((j) => j.kind === 'report');
    const bodies = reports.map((j) => JSON.parse(j.body!) as Record<string, { status: string }>);
    expect(bodies.map((b) => [b.delivery_status?.status, b.verification_status?.status])).toEqual([
      ['sent', undefined],
      ['delivered', undefined],
      ['delivered', 'code_valid'],
    ]);
    expect(bodies[0]).toMatchObject({ request_id: sent.request_id, payload: 'p', request_cost: 0.01 });
    expect(bodies[0]).not.toHaveProperty('remaining_balance');
  });
});
