/**
 * Delivery reports over real HTTP (spec §6; reference §7): a receiver that checks every signature
 * with its own code (and the reference's test vector), one report per status change in order, only
 * HTTP 200 counting, ten retries on the virtual clock and then none, the delivery log, and the
 * strict profile's callback_url rules.
 */
import { createHash, createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gateway, setupGateway, type GatewaySetup } from './helpers/gateway.js';
import { phone, startServer, type TestServer } from './helpers/in-process.js';
import { startReceiver, type Receiver, type Received } from './helpers/receiver.js';
import { waitFor } from './helpers/wait-for.js';

/** The receiver's own check, written from the spec's words (§6), not from the server's code. */
function signatureOf(token: string, timestamp: string, body: string): string {
  const secretKey = createHash('sha256').update(token, 'utf8').digest();
  return createHmac('sha256', secretKey).update(`${timestamp}\n${body}`, 'utf8').digest('hex');
}

function authentic(token: string, report: Received, nowSeconds: number): boolean {
  const timestamp = String(report.headers['x-request-timestamp'] ?? '');
  const signature = String(report.headers['x-request-signature'] ?? '');
  const fresh = Math.abs(nowSeconds - Number(timestamp)) <= 300;
  return (
    fresh && /^[0-9a-f]{64}$/.test(signature) && signature === signatureOf(token, timestamp, report.body)
  );
}

/** Seconds to move the clock past the retry after the n-th failed attempt (delay + 10 % + 1 s). */
const RETRY_DELAYS = [5, 15, 30, 60, 120, 300, 600, 1800, 3600, 7200];
const pastRetry = (failures: number) => Math.ceil(RETRY_DELAYS[failures - 1]! * 1.1) + 1;

let server: TestServer;
let gw: GatewaySetup;
const receivers: Receiver[] = [];
beforeAll(async () => {
  server = await startServer();
  gw = await setupGateway(server, 10);
});
afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.close();
});
afterAll(async () => {
  await server.close();
});

async function receiver(status: (n: number) => number): Promise<Receiver> {
  let count = 0;
  const started = await startReceiver((_request, response) => {
    count += 1;
    response.statusCode = status(count);
    response.end('{}');
  });
  receivers.push(started);
  return started;
}

async function virtualNow(): Promise<number> {
  return (await server.control.getClock()).now;
}

describe('the receiver', () => {
  it("checks the reference's test vector with its own implementation", () => {
    const body =
      '{"request_id":"923583492968596","phone_number":"1999123456726","request_cost":0,"delivery_status":{"status":"revoked","updated_at":1733663990},"verification_status":{"status":"expired","updated_at":1733663989}}';
    expect(signatureOf('123456:TEST-token-for-vectors', '1733663990', body)).toBe(
      '9cf59b82c34cbde00185dcb94965b242344ac72caca381728365afcf956c9eb4',
    );
  });
});

describe('delivery reports', () => {
  it('posts many reports at once without piling abort listeners on one signal (no MaxListenersExceededWarning, issue 31)', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    // The receiver holds its answers until 12 reports are open at once (or 10 s passed).
    const held: Array<() => void> = [];
    const hook = await startReceiver(async (_request, response) => {
      await new Promise<void>((resolve) => {
        held.push(resolve);
        if (held.length >= 12) for (const release of held.splice(0)) release();
        else setTimeout(resolve, 10_000).unref();
      });
      response.end('{}');
    });
    receivers.push(hook);
    try {
      const many = await setupGateway(server, 1000);
      const people = await Promise.all(Array.from({ length: 12 }, () => many.person()));
      const sent = await Promise.all(
        people.map((person) =>
          many.call('sendVerificationMessage', {
            phone_number: person.phone_number,
            code: '6543',
            callback_url: hook.url,
          }),
        ),
      );
      expect(sent.map((answer) => answer.body.ok)).toEqual(people.map(() => true));
      await waitFor(() => hook.received.length >= 12, {
        what: `twelve reports (${hook.received.length}, at most ${hook.maxInFlight} at once)`,
      });
      expect(hook.maxInFlight).toBeGreaterThanOrEqual(12);
      // A warning is emitted on the next tick of the listener that passed the limit.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('posts one signed report per status change, in order, and logs each attempt', async () => {
    const hook = await receiver(() => 200);
    const person = await gw.person();
    const sent = await gw.call('sendVerificationMessage', {
      phone_number: person.phone_number,
      code: '6543',
      callback_url: hook.url,
      payload: 'order-17',
    });
    const requestId = (sent.body.result as { request_id: string }).request_id;
    await waitFor(() => hook.received.length >= 2, { what: 'sent and delivered reports' });
    await gw.call('checkVerificationStatus', { request_id: requestId, code: '6543' });
    await waitFor(() => hook.received.length >= 3, { what: 'the code_valid report' });

    const now = await virtualNow();
    for (const report of hook.received) {
      expect(authentic(gw.token, report, now)).toBe(true);
      expect(report.headers['content-type']).toBe('application/json');
    }
    expect(authentic('another-token', hook.received[0]!, now)).toBe(false);
    const bodies = hook.received.map((r) => JSON.parse(r.body) as Record<string, { status?: string }>);
    expect(bodies.map((b) => [b.delivery_status?.status, b.verification_status?.status])).toEqual([
      ['sent', undefined],
      ['delivered', undefined],
      ['delivered', 'code_valid'],
    ]);
    expect(Object.keys(bodies[2]!)).toEqual([
      'request_id',
      'phone_number',
      'request_cost',
      'delivery_status',
      'verification_status',
      'payload',
    ]);
    expect(bodies[0]).toMatchObject({
      request_id: requestId,
      phone_number: person.phone_number,
      payload: 'order-17',
    });

    const log = await waitFor(
      async () => {
        const current = await server.control.getDeliveryLog({ request_id: requestId });
        return current.attempts.length === 3 && current;
      },
      { what: 'three logged attempts' },
    );
    expect(log.pending).toEqual([]);
    expect(log.attempts.map((a) => [a.attempt, a.outcome, a.status_code])).toEqual([
      [1, 'delivered', 200],
      [1, 'delivered', 200],
      [1, 'delivered', 200],
    ]);
    expect(log.attempts.map((a) => a.signature)).toEqual(
      hook.received.map((r) => r.headers['x-request-signature']),
    );
  });

  it('counts only HTTP 200: a 204 is retried', async () => {
    const hook = await receiver((n) => (n === 1 ? 204 : 200));
    const person = await gw.person();
    await server.control.setDevicesOffline(person.phone_number);
    const sent = await gw.call('sendVerificationMessage', {
      phone_number: person.phone_number,
      code_length: 4,
      callback_url: hook.url,
    });
    const requestId = (sent.body.result as { request_id: string }).request_id;
    await waitFor(() => hook.received.length === 1, { what: 'the first attempt' });
    await waitFor(
      async () => (await server.control.getDeliveryLog({ request_id: requestId })).attempts.length === 1,
    );
    await server.control.advanceClock(pastRetry(1));
    await waitFor(() => hook.received.length === 2, { what: 'the retry' });
    const log = await waitFor(async () => {
      const current = await server.control.getDeliveryLog({ request_id: requestId });
      return current.attempts.length === 2 && current;
    });
    expect(log.attempts.map((a) => [a.attempt, a.outcome, a.status_code])).toEqual([
      [1, 'failed', 204],
      [2, 'delivered', 200],
    ]);
  });

  it('retries a failing receiver ten times on the virtual clock, freshly signed, then gives up', async () => {
    const hook = await receiver(() => 500);
    const person = await gw.person();
    await server.control.setDevicesOffline(person.phone_number);
    const sent = await gw.call('sendVerificationMessage', {
      phone_number: person.phone_number,
      code_length: 4,
      callback_url: hook.url,
    });
    const requestId = (sent.body.result as { request_id: string }).request_id;
    // The 'sent' report, then (its code lifetime ends on the way) the 'expired' one: 11 attempts each.
    for (let n = 1; n <= 22; n++) {
      // The next report starts as soon as one is lost, so counts may run ahead: at least n.
      await waitFor(() => hook.received.length >= n, { what: `attempt ${n}` });
      const failures = ((n - 1) % 11) + 1;
      if (failures === 11) continue;
      // The failure must be recorded before the clock moves, or the retry would be planned after it.
      await waitFor(
        async () => (await server.control.getDeliveryLog({ request_id: requestId })).attempts.length >= n,
      );
      await server.control.advanceClock(pastRetry(failures));
    }
    const log = await waitFor(
      async () => {
        const current = await server.control.getDeliveryLog({ request_id: requestId });
        return current.attempts.length === 22 && current;
      },
      { what: 'the last attempt logged' },
    );
    expect(log.pending).toEqual([]);
    const perReport = [log.attempts.slice(0, 11), log.attempts.slice(11)];
    for (const attempts of perReport) {
      expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      expect(attempts.map((a) => a.outcome)).toEqual([...Array(10).fill('failed'), 'lost']);
      expect(new Set(attempts.map((a) => a.body)).size).toBe(1);
    }
    const bodies = hook.received.map(
      (r) => JSON.parse(r.body) as Record<string, { status: string } | undefined>,
    );
    expect(bodies.slice(0, 11).every((b) => b.verification_status === undefined)).toBe(true);
    expect(bodies.slice(11).every((b) => b.verification_status?.status === 'expired')).toBe(true);
    // Each attempt is signed anew with its own timestamp.
    const timestamps = hook.received.slice(0, 11).map((r) => Number(r.headers['x-request-timestamp']));
    expect(timestamps.every((t, i) => i === 0 || t > timestamps[i - 1]!)).toBe(true);
    for (const report of hook.received) {
      const at = Number(report.headers['x-request-timestamp']);
      expect(authentic(gw.token, report, at)).toBe(true);
    }
    // Nothing is left to send: a day later the receiver has seen no more.
    await server.control.advanceClock(86_400);
    expect((await server.control.getDeliveryLog({ request_id: requestId })).pending).toEqual([]);
    expect(hook.received).toHaveLength(22);
  });
});

describe('callback_url in the strict profile', () => {
  it('takes only https to public addresses', async () => {
    const strict = await startServer({ profile: 'strict' });
    try {
      const owner = await strict.control.createUser({ phone_number: phone() });
      const account = await strict.control.createGatewayAccount({ owner: owner.phone_number });
      const send = (callback_url: string) =>
        gateway(`${strict.url}/gateway`, account.access_token, 'sendVerificationMessage', {
          phone_number: owner.phone_number,
          code_length: 4,
          callback_url,
        });
      for (const url of [
        'http://93.184.215.14/cb',
        'https://127.0.0.1/cb',
        'https://10.0.0.8/cb',
        'https://192.168.1.1/cb',
        'https://[::1]/cb',
        'https://[::ffff:127.0.0.1]/cb',
        'https://169.254.169.254/latest/meta-data',
      ]) {
        expect(await send(url), url).toMatchObject({
          status: 400,
          body: { ok: false, error: 'CALLBACK_URL_INVALID' },
        });
      }
      expect((await send('https://93.184.215.14/cb')).body.ok).toBe(true);
    } finally {
      await strict.close();
    }
  });
});
