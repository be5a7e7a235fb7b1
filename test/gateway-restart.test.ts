/**
 * Durability of the gateway's jobs: delivery reports that could not be delivered yet, and a ttl
 * expiry not yet due, survive a SIGKILL; after a restart on the same data the reports arrive,
 * signed, in order, and the expiry refunds the fee.
 */
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { ControlClient } from '../src/testkit/index.js';
import { gateway } from './helpers/gateway.js';
import { spawnServer, type ServerProcess } from './helpers/server-process.js';
import { waitFor } from './helpers/wait-for.js';

const ADMIN = 'gateway-restart-admin-token-0123';
let dataDir: string | undefined;
const running: ServerProcess[] = [];
let hook: Server | undefined;

afterEach(async () => {
  for (const server of running.splice(0)) await server.stop('SIGKILL');
  hook?.closeAllConnections();
  await new Promise((resolve) => (hook ? hook.close(resolve) : resolve(undefined)));
  hook = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function start() {
  const server = await spawnServer(['--data', dataDir!, '--admin-token', ADMIN]);
  running.push(server);
  return { server, control: new ControlClient({ url: server.url, adminToken: ADMIN }) };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function signatureOf(token: string, timestamp: string, body: string): string {
  const key = createHash('sha256').update(token).digest();
  return createHmac('sha256', key).update(`${timestamp}\n${body}`).digest('hex');
}

it('delivers reports and runs expiries that were pending at a SIGKILL', async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'parley-gw-restart-'));
  const port = await freePort();
  const callback = `http://127.0.0.1:${port}/hook`;

  let { server, control } = await start();
  const owner = await control.createUser({ phone_number: '+15558880001' });
  const online = await control.createUser({ phone_number: '+15558880002' });
  const offline = await control.createUser({ phone_number: '+15558880003' });
  await control.setDevicesOffline(offline.phone_number);
  const account = await control.createGatewayAccount({ owner: owner.phone_number, credits: 1 });
  const token = account.access_token;
  const send = async (to: string, extra: object) =>
    (
      await gateway(`${server.url}/gateway`, token, 'sendVerificationMessage', {
        phone_number: to,
        code_length: 4,
        callback_url: callback,
        ...extra,
      })
    ).body.result as { request_id: string };
  const first = await send(online.phone_number, {});
  const second = await send(offline.phone_number, { ttl: 30 });
  // Nothing listens yet: the first attempts fail and the reports wait for their retries.
  await waitFor(
    async () => {
      const log = await control.getDeliveryLog({ account: account.id });
      return log.attempts.length >= 2 && log.attempts.every((a) => a.error === 'Connection refused');
    },
    { what: 'failed first attempts' },
  );
  expect(await server.stop('SIGKILL')).toBe(null);

  // The receiver comes up on the port the reports were failing to reach.
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  hook = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += String(chunk)));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.end();
    });
  });
  await new Promise<void>((resolve) => hook!.listen(port, '127.0.0.1', resolve));
  ({ server, control } = await start());
  expect((await control.getGatewayAccount(account.id)).balance).toBe(0.98);
  // Past the retry delays and past the ttl of the second message.
  await control.advanceClock(60);
  const byRequest = (id: string) =>
    received.filter((r) => (JSON.parse(r.body) as { request_id: string }).request_id === id);
  await waitFor(() => byRequest(first.request_id).length >= 2 && byRequest(second.request_id).length >= 2, {
    what: 'the reports after the restart',
    timeoutMs: 15_000,
  });

  const statuses = (id: string) =>
    byRequest(id).map((r) => {
      const body = JSON.parse(r.body) as { delivery_status: { status: string }; is_refunded?: boolean };
      return [body.delivery_status.status, body.is_refunded ?? false];
    });
  expect(statuses(first.request_id)).toEqual([
    ['sent', false],
    ['delivered', false],
  ]);
  expect(statuses(second.request_id)).toEqual([
    ['sent', false],
    ['expired', true],
  ]);
  for (const report of received) {
    const timestamp = String(report.headers['x-request-timestamp']);
    expect(report.headers['x-request-signature']).toBe(signatureOf(token, timestamp, report.body));
  }
  expect((await control.getGatewayAccount(account.id)).balance).toBe(0.99);
  await waitFor(async () => (await control.getDeliveryLog({ account: account.id })).pending.length === 0, {
    what: 'no pending reports',
  });
});
