/**
 * The gateway and device commands of the `parley` CLI against a real server, with the names that
 * scripts rely on: `gateway account create --owner --credits --json`, `gateway wait-code PHONE
 * --timeout --json`, `device online|offline USER`, and the other gateway commands. The subject of a
 * command is positional; the options that named it in earlier versions (`--account`, `--phone`,
 * `--user`, `--device`, `--username`) still work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupGateway } from './helpers/gateway.js';
import { phone, startServer, type TestServer } from './helpers/in-process.js';
import { cliRunner } from './helpers/cli-runner.js';
import { waitFor } from './helpers/wait-for.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const parley = cliRunner(() => server);

async function json<T = Record<string, unknown>>(...args: string[]): Promise<T> {
  const run = await parley(...args, '--json');
  expect(run, run.stderr).toMatchObject({ code: 0, stderr: '' });
  return JSON.parse(run.stdout) as T;
}

describe('parley gateway and parley device', () => {
  it('creates an account, waits for codes, and drives devices', async () => {
    const owner = await server.control.createUser({ phone_number: phone() });
    const person = await server.control.createUser({ phone_number: phone() });
    const account = await json<{ id: number; access_token: string; balance: number }>(
      'gateway',
      'account',
      'create',
      '--owner',
      owner.phone_number,
      '--credits',
      '5',
    );
    expect(account).toMatchObject({
      id: expect.any(Number),
      access_token: expect.stringMatching(/^AA/),
      balance: 5,
    });
    const send = (extra: object = {}) =>
      fetch(`${server.url}/gateway/sendVerificationMessage`, {
        method: 'POST',
        headers: { authorization: `Bearer ${account.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ phone_number: person.phone_number, code: '24680', ...extra }),
      }).then((r) => r.json() as Promise<{ result: { request_id: string } }>);

    const first = await send();
    const code = await json('gateway', 'wait-code', person.phone_number, '--timeout', '5');
    expect(code).toMatchObject({ request_id: first.result.request_id, code: '24680' });
    const timeout = await parley('gateway', 'wait-code', '--phone', person.phone_number, '--timeout', '0');
    expect(timeout).toMatchObject({ code: 1, stderr: expect.stringContaining('(WAIT_TIMEOUT)') });

    const offline = await parley('device', 'offline', person.phone_number);
    expect(offline).toMatchObject({ code: 0, stdout: expect.stringMatching(/^device \d+ Phone offline/) });
    const second = await send({ code: '13579' });
    const waited = await parley('gateway', 'wait-code', person.phone_number);
    expect(waited.stdout).toBe(`code 13579 for ${person.phone_number} (request ${second.result.request_id})`);
    const inbox = await json<Array<{ delivery_status: string }>>('gateway', 'inbox', person.phone_number);
    expect(inbox.map((e) => e.delivery_status)).toEqual(['delivered', 'sent']);
    expect(await json('gateway', 'inbox', '--phone', person.phone_number)).toEqual(inbox);
    expect((await parley('device', 'online', person.phone_number)).code).toBe(0);
    await waitFor(
      async () =>
        (
          await json<Array<{ delivery_status: string }>>('gateway', 'inbox', '--phone', person.phone_number)
        )[1]?.delivery_status === 'delivered',
    );
    const read = await json('gateway', 'read', person.phone_number, '--request', second.result.request_id);
    expect(read).toMatchObject({ request_id: second.result.request_id, delivery_status: 'read' });

    const tablet = await json<{ id: number }>(
      'device',
      'add',
      person.phone_number,
      '--name',
      'Tablet',
      '--receipt-delay',
      '5',
    );
    const changed = await json('device', 'set', String(tablet.id), '--read-delay', '3');
    expect(changed).toMatchObject({ name: 'Tablet', receipt_delay: 5, read_delay: 3, online: true });
    expect(await json('device', 'set', '--device', String(tablet.id), '--name', 'Pad')).toMatchObject({
      name: 'Pad',
      read_delay: 3,
    });
    const devices = await json<unknown[]>('device', 'list', person.phone_number);
    expect(devices.length).toBe(2);
    expect(await json('device', 'list', '--user', person.phone_number)).toEqual(devices);
  });

  it('wait-code --request-id returns the code of that request, skipping codes of others', async () => {
    const gw = await setupGateway(server);
    const person = await gw.person();
    const send = (code: string) =>
      gw
        .call('sendVerificationMessage', { phone_number: person.phone_number, code })
        .then((r) => r.body.result as { request_id: string });
    await send('11111');
    const wanted = await send('22222');
    const code = await json(
      'gateway',
      'wait-code',
      person.phone_number,
      '--request-id',
      wanted.request_id,
      '--timeout',
      '5',
    );
    expect(code).toMatchObject({ request_id: wanted.request_id, code: '22222' });
    // The earlier code was passed over (each code is returned once): nothing is left to wait for.
    const none = await parley(
      'gateway',
      'wait-code',
      person.phone_number,
      '--request-id',
      'no-such-request',
      '--timeout',
      '0',
    );
    expect(none).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/no code of request no-such-request .*\(WAIT_TIMEOUT\)$/),
    });
  });

  it('tops up, sets prices, shows the ledger, verifies channels and shows the delivery log', async () => {
    const gw = await setupGateway(server, 1);
    const id = String(gw.account.id);
    expect(await json('gateway', 'account', 'top-up', id, '--credits', '0.5')).toMatchObject({
      balance: 1.5,
    });
    const priced = await json(
      'gateway',
      'account',
      'prices',
      id,
      '--default',
      '0.02',
      '--country',
      '44=0.05',
    );
    expect(priced).toMatchObject({ default_price: 0.02, prices: { '44': 0.05 } });
    expect(
      (await json<{ prices: object }>('gateway', 'account', 'prices', id, '--remove', '44')).prices,
    ).toEqual({});
    const ledger = await json<Array<{ kind: string }>>('gateway', 'account', 'ledger', id);
    expect(ledger.map((e) => e.kind)).toEqual(['top_up', 'top_up']);
    const shown = `account ${id} owner ${gw.owner.phone_number} balance 1.5 price 0.02`;
    expect((await parley('gateway', 'account', 'show', id)).stdout).toBe(shown);
    expect((await parley('gateway', 'account', 'show', '--account', id)).stdout).toBe(shown);

    const name = `cli_channel${gw.account.id}`;
    const channel = await json(
      'gateway',
      'channel',
      'create',
      '--owner',
      gw.owner.phone_number,
      '--username',
      name,
      '--verified',
    );
    expect(channel).toMatchObject({ username: name, verified: true });
    expect(await json('gateway', 'channel', 'verify', name, '--undo')).toMatchObject({ verified: false });
    expect(await json('gateway', 'channel', 'verify', '--username', name)).toMatchObject({ verified: true });

    expect(await json('gateway', 'log', '--account', id)).toEqual({ attempts: [], pending: [] });
    const unknown = await parley('gateway', 'account', 'frobnicate');
    expect(unknown).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown verb "frobnicate"') });
    const missing = await parley('gateway', 'account', 'show', '999999');
    expect(missing).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('(GATEWAY_ACCOUNT_NOT_FOUND)'),
    });
  });
});
