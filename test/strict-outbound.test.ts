/**
 * The strict profile's outbound requests over real HTTP, with a resolver the test controls. A name
 * that resolves to a public address when it is checked (setWebhook, sendVerificationMessage) and to
 * a loopback address when the request connects (DNS rebinding) is not connected to: a webhook
 * delivery fails and is retried, a delivery report fails, a file by URL is refused; the receiver
 * listening there sees no connection at all. The local profile connects to the same names (the
 * resolver is the one used at connect time). setWebhook refuses IPv6 forms of reserved IPv4
 * addresses.
 */
import { generate } from 'selfsigned';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HostLookup } from '../src/platform/net/outbound-connector.js';
import { setupGateway } from './helpers/gateway.js';
import { callBotApi, startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import { startReceiver, texts, type Receiver } from './helpers/receiver.js';
import { waitFor } from './helpers/wait-for.js';

/** A public address (never connected to: the names below resolve to it only when checked). */
const PUBLIC = '93.184.215.14';

/**
 * A rebinding DNS server: each name has a list of answers, given out one per lookup, the last one
 * for good. It records the names asked.
 */
class RebindingDns {
  readonly #answers = new Map<string, string[]>();
  readonly asked: string[] = [];

  answer(hostname: string, ...addresses: string[]): void {
    this.#answers.set(hostname, addresses);
  }

  readonly lookup: HostLookup = async (hostname) => {
    this.asked.push(hostname);
    const answers = this.#answers.get(hostname);
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const address = answers.length > 1 ? answers.shift()! : answers[0]!;
    return [{ address, family: 4 }];
  };

  lookups(hostname: string): number {
    return this.asked.filter((name) => name === hostname).length;
  }
}

const dns = new RebindingDns();
let strict: TestServer;
let local: TestServer;
const receivers: Receiver[] = [];
beforeAll(async () => {
  strict = await startServer({ profile: 'strict' }, { lookup: dns.lookup });
  local = await startServer({ profile: 'local' }, { lookup: dns.lookup });
});
afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.close();
});
afterAll(async () => {
  await strict.close();
  await local.close();
});

async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}

/**
 * A TLS receiver on port 8443 (a port strict allows for webhooks) of a random 127.x.y.z address,
 * so that it holds no port another test or process wants.
 */
async function loopbackReceiverOn8443(tls: { key: string; cert: string }): Promise<Receiver> {
  for (let tries = 0; ; tries++) {
    const byte = () => 1 + Math.floor(Math.random() * 254);
    try {
      return await receiver(undefined, tls, { host: `127.${byte()}.${byte()}.${byte()}`, port: 8443 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || tries === 5) throw error;
    }
  }
}

const webhookInfo = async (server: TestServer, token: string) =>
  (await callBotApi(server, token, 'getWebhookInfo')).body.result as Record<string, unknown>;

describe('webhook delivery in the strict profile', () => {
  it('does not connect to a host that resolves to loopback at delivery time; the attempt fails and is retried', async () => {
    const { user, bot, token } = await userAndBot(strict, 'rebind');
    const host = 'rebind.example';
    const pems = await generate([{ name: 'commonName', value: host }], {
      keySize: 2048,
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: host }] }],
    } as never);
    // It trusts the uploaded certificate: were it connected to, the update would be delivered.
    const target = await loopbackReceiverOn8443({ key: pems.private, cert: pems.cert });
    const loopback = new URL(target.url).hostname;
    dns.answer(host, PUBLIC, loopback);

    const form = new FormData();
    form.set('url', `https://${host}:8443/hook`);
    form.set('certificate', new Blob([pems.cert]), 'cert.pem');
    const set = await fetch(`${strict.url}/bot${token}/setWebhook`, { method: 'POST', body: form });
    expect(await set.json()).toMatchObject({ ok: true, description: 'Webhook was set' });
    expect((await webhookInfo(strict, token)).ip_address).toBe(PUBLIC);
    expect(dns.lookups(host)).toBe(1);

    await strict.control.sendMessage({ from: user.phone_number, chat: `@${bot.username}`, text: 'secret' });
    // The first failure is retried at once (reference §4.2): two lookups at delivery, both refused.
    const info = await waitFor(
      async () => {
        const current = await webhookInfo(strict, token);
        return dns.lookups(host) >= 3 && current.last_error_message !== undefined && current;
      },
      { what: 'a failed delivery, retried' },
    );
    expect(info).toMatchObject({
      url: `https://${host}:8443/hook`,
      pending_update_count: 1,
      last_error_message: `IP address ${loopback} is reserved`,
    });
    expect(target.connections).toBe(0);
    expect(target.received).toEqual([]);
  });

  it('refuses IPv6 forms of reserved IPv4 addresses at setWebhook', async () => {
    const { token } = await userAndBot(strict, 'v6');
    for (const [url, address] of [
      ['https://[::127.0.0.1]/hook', '::7f00:1'],
      ['https://[::ffff:0:7f00:1]/hook', '::ffff:0:7f00:1'],
      ['https://[2002:7f00:1::]/hook', '2002:7f00:1::'],
      ['https://[::a00:1]:8443/hook', '::a00:1'],
      ['https://[::ffff:0:a00:1]/hook', '::ffff:0:a00:1'],
      ['https://[::ffff:169.254.169.254]/latest', '::ffff:a9fe:a9fe'],
      ['https://[64:ff9b::127.0.0.1]/hook', '64:ff9b::7f00:1'],
      ['https://[64:ff9b:1::a00:1]/hook', '64:ff9b:1::a00:1'],
    ]) {
      expect((await callBotApi(strict, token, 'setWebhook', { url })).body, url).toEqual({
        ok: false,
        error_code: 400,
        description: `Bad Request: bad webhook: IP address ${address} is reserved`,
      });
    }
    expect((await webhookInfo(strict, token)).url).toBe('');
    // 6to4 of 8.8.8.8 is a public address (nothing is queued, so nothing connects to it).
    const set = await callBotApi(strict, token, 'setWebhook', { url: 'https://[2002:808:808::]/hook' });
    expect(set.body).toMatchObject({ ok: true, description: 'Webhook was set' });
    await callBotApi(strict, token, 'deleteWebhook');
  });
});

describe('webhook delivery in the local profile', () => {
  it('connects where the resolver says at delivery time, loopback included', async () => {
    const { user, bot, token } = await userAndBot(local, 'localdns');
    const target = await receiver();
    dns.answer('hooks.local.example', '127.0.0.1');
    await callBotApi(local, token, 'setWebhook', { url: `http://hooks.local.example:${target.port}/hook` });
    await local.control.sendMessage({ from: user.phone_number, chat: `@${bot.username}`, text: 'hello' });
    await waitFor(() => target.received.length === 1, { what: 'the delivery' });
    expect(texts(target)).toEqual(['hello']);
    expect(dns.lookups('hooks.local.example')).toBeGreaterThanOrEqual(2);
  });
});

describe('delivery reports in the strict profile', () => {
  it('do not connect to a callback host that resolves to loopback when the report is sent', async () => {
    const target = await receiver();
    const host = 'reports.example';
    dns.answer(host, PUBLIC, '127.0.0.1');
    const gw = await setupGateway(strict, 10);
    const person = await gw.person();
    const sent = await gw.call('sendVerificationMessage', {
      phone_number: person.phone_number,
      code_length: 4,
      callback_url: `https://${host}:${target.port}/cb`,
    });
    expect(sent.body.ok).toBe(true);
    const requestId = (sent.body.result as { request_id: string }).request_id;
    const log = await waitFor(
      async () => {
        const current = await strict.control.getDeliveryLog({ request_id: requestId });
        return current.attempts.length > 0 && current;
      },
      { what: 'a report attempt' },
    );
    expect(log.attempts[0]).toMatchObject({ outcome: 'failed', error: 'IP address 127.0.0.1 is reserved' });
    expect(target.connections).toBe(0);
  });
});

describe('files by URL', () => {
  it('are not fetched from a name that resolves to loopback in strict, and are in local', async () => {
    const files = await receiver((_request, response) => {
      response.setHeader('content-type', 'text/plain');
      response.end('hello');
    });
    dns.answer('files.example', '127.0.0.1');
    const url = `http://files.example:${files.port}/note.txt`;
    for (const [server, expected] of [
      [strict, { ok: false, error_code: 400, description: 'Bad Request: failed to get HTTP URL content' }],
      [local, { ok: true }],
    ] as const) {
      const { user, bot, token } = await userAndBot(server, 'files');
      await server.control.sendMessage({ from: user.phone_number, chat: `@${bot.username}`, text: 'hi' });
      const sent = await callBotApi(server, token, 'sendDocument', { chat_id: user.id, document: url });
      expect(sent.body).toMatchObject(expected);
      if (server === strict) expect(files.connections).toBe(0);
    }
    expect(files.received).toHaveLength(1);
  });
});
