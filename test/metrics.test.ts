/**
 * `/metrics` (ADR 0060): behind the admin token; after Bot API calls by an unmodified grammY `Api`,
 * a gateway send and webhook deliveries, a scrape in the Prometheus text format holds the counters,
 * gauges and histograms with the labels and values these calls imply. Each server has its own
 * registry, so the counts here are this file's alone.
 */
import type { ServerResponse } from 'node:http';
import { Api, GrammyError } from 'grammy';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupGateway } from './helpers/gateway.js';
import { ADMIN_TOKEN, startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import { startReceiver, type Receiver } from './helpers/receiver.js';
import { waitFor } from './helpers/wait-for.js';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a scrape in the Prometheus text format (comments skipped). */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample with this name and (at least) these labels; undefined when none. */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

const sum = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((total, s) => total + s.value, 0);

async function scrape(server: TestServer): Promise<Sample[]> {
  const response = await fetch(`${server.url}/metrics`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(await response.text());
}

const receivers: Receiver[] = [];
afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.close();
});

describe('/metrics', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 401 without the admin token, or with a wrong one', async () => {
    const cases: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer wrong-token' },
      { authorization: ADMIN_TOKEN },
    ];
    for (const headers of cases) {
      const response = await fetch(`${server.url}/metrics`, { headers });
      expect(response.status).toBe(401);
      const text = await response.text();
      expect(JSON.parse(text)).toMatchObject({ ok: false, error: 'ADMIN_TOKEN_INVALID' });
      expect(text).not.toContain('parley_');
    }
  });

  it('counts Bot API calls, gateway sends, webhook deliveries and reads the store at scrape', async () => {
    // Bot API calls by grammY: getMe, two messages sent, one refused.
    const { user, bot, token } = await userAndBot(server, 'metrics');
    const api = new Api(token, { apiRoot: server.url });
    await server.control.sendMessage({ from: user.phone_number, chat: `@${bot.username}`, text: '/start' });
    expect((await api.getMe()).username).toBe(bot.username);
    await api.sendMessage(user.id, 'one');
    await api.sendMessage(user.id, 'two');
    const refused = await api.sendMessage(987654321, 'nobody').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GrammyError);
    expect((refused as GrammyError).error_code).toBe(400);

    // A gateway send (paid, 0.01 credit of 10), and one refused, which is no send.
    const gw = await setupGateway(server, 10);
    const person = await gw.person();
    const sent = await gw.call('sendVerificationMessage', {
      phone_number: person.phone_number,
      code: '1234',
    });
    expect(sent.body).toMatchObject({ ok: true });
    expect((await gw.call('sendVerificationMessage', { phone_number: 'nope' })).body.ok).toBe(false);

    // A webhook: the first attempt answered 500, the retry delivered.
    let answered = 0;
    const receiver = await startReceiver((_request, response: ServerResponse) => {
      answered += 1;
      response.statusCode = answered === 1 ? 500 : 200;
      response.end();
    });
    receivers.push(receiver);
    const hooked = await userAndBot(server, 'metricshook');
    await new Api(hooked.token, { apiRoot: server.url }).setWebhook(receiver.url);
    await server.control.sendMessage({
      from: hooked.user.phone_number,
      chat: `@${hooked.bot.username}`,
      text: 'hello hook',
    });
    await waitFor(() => receiver.received.length >= 2, { what: 'the retried webhook delivery' });

    // The delivered row's delete commits after the answer: the counter follows.
    const samples = await waitFor(
      async () => {
        const now = await scrape(server);
        return value(now, 'parley_webhook_deliveries_total', { outcome: 'delivered' }) === 1 && now;
      },
      { what: 'the delivered webhook in the metrics' },
    );

    const requests = (labels: Record<string, string>) => value(samples, 'parley_requests_total', labels);
    expect(requests({ surface: 'bot-api', method: 'getMe', status: '200' })).toBe(1);
    expect(requests({ surface: 'bot-api', method: 'sendMessage', status: '200' })).toBe(2);
    expect(requests({ surface: 'bot-api', method: 'sendMessage', status: '400' })).toBe(1);
    expect(requests({ surface: 'bot-api', method: 'setWebhook', status: '200' })).toBe(1);
    expect(requests({ surface: 'gateway', method: 'sendVerificationMessage', status: '200' })).toBe(1);
    expect(requests({ surface: 'gateway', method: 'sendVerificationMessage', status: '400' })).toBe(1);
    // The control API's calls are named by their route.
    expect(requests({ surface: 'control', method: '/messages', status: '200' })).toBeGreaterThanOrEqual(2);

    // Latency: one observation per counted request, by surface.
    for (const surface of ['bot-api', 'gateway', 'control']) {
      const count = value(samples, 'parley_request_duration_seconds_count', { surface });
      expect(count).toBe(sum(samples, 'parley_requests_total', { surface }));
      expect(value(samples, 'parley_request_duration_seconds_bucket', { surface, le: '+Inf' })).toBe(count);
      expect(value(samples, 'parley_request_duration_seconds_sum', { surface })).toBeGreaterThan(0);
    }

    expect(value(samples, 'parley_gateway_sends_total')).toBe(1);
    expect(value(samples, 'parley_webhook_deliveries_total', { outcome: 'failed' })).toBe(1);
    expect(value(samples, 'parley_gateway_account_balance_credits', { account: String(gw.account.id) })).toBe(
      9.99,
    );

    // The polling bot's queue holds the user's /start; the webhook bot's is empty once delivered.
    expect(value(samples, 'parley_pending_updates', { delivery: 'polling' })).toBe(1);
    expect(value(samples, 'parley_pending_updates', { delivery: 'webhook' })).toBe(0);
    expect(value(samples, 'parley_job_lag_seconds', { queue: 'webhook' })).toBe(0);
    expect(value(samples, 'parley_job_lag_seconds', { queue: 'gateway' })).toBe(0);

    // Every write committed: at least the sends, the send and the deliveries.
    expect(value(samples, 'parley_store_commit_seconds_count')).toBeGreaterThanOrEqual(5);
    expect(value(samples, 'parley_store_commit_seconds_bucket', { le: '+Inf' })).toBe(
      value(samples, 'parley_store_commit_seconds_count'),
    );

    // A confirmed update leaves the queue.
    const updates = await api.getUpdates({ timeout: 0 });
    await api.getUpdates({ offset: updates.at(-1)!.update_id + 1, timeout: 0 });
    expect(value(await scrape(server), 'parley_pending_updates', { delivery: 'polling' })).toBe(0);
  });

  it('counts the long polls parked on the process, and one less once one is answered', async () => {
    const first = await userAndBot(server, 'parked');
    const second = await userAndBot(server, 'parked');
    const [one, two] = [first, second].map(({ token }) => new Api(token, { apiRoot: server.url }));
    const parked = async () => value(await scrape(server), 'parley_parked_polls');
    expect(await parked()).toBe(0);
    const answers = [one!.getUpdates({ timeout: 30 }), two!.getUpdates({ timeout: 30 })];
    await waitFor(async () => (await parked()) === 2, { what: 'two parked polls in the metrics' });
    // A message to the first bot wakes its poll: one stays parked.
    const send = (to: typeof first, text: string) =>
      server.control.sendMessage({ from: to.user.phone_number, chat: `@${to.bot.username}`, text });
    await send(first, 'wake');
    expect((await answers[0]!).map((update) => update.message?.text)).toEqual(['wake']);
    expect(await parked()).toBe(1);
    // A poll that gives way to a newer one of its bot (409) is not counted with it.
    const newer = two!.getUpdates({ timeout: 30 });
    expect(((await answers[1]!.catch((error: unknown) => error)) as GrammyError).error_code).toBe(409);
    await waitFor(async () => (await parked()) === 1, { what: 'the newer poll parked' });
    await send(second, 'wake too');
    expect((await newer).map((update) => update.message?.text)).toEqual(['wake too']);
    expect(await parked()).toBe(0);
  });
});

describe('/metrics with request lines off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ logRequests: 'off' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('still counts requests, and shows the lag of a webhook update held up on the virtual clock', async () => {
    // The receiver holds its first request open: that update stays due and undelivered.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const receiver = await startReceiver(async (_request, response: ServerResponse) => {
      await held;
      response.end();
    });
    receivers.push(receiver);
    const { user, bot, token } = await userAndBot(server, 'lag');
    const api = new Api(token, { apiRoot: server.url });
    await api.setWebhook(receiver.url);
    await server.control.sendMessage({ from: user.phone_number, chat: `@${bot.username}`, text: 'wait' });
    await waitFor(() => receiver.received.length === 1, { what: 'the webhook request' });
    await server.control.advanceClock(40);

    const samples = await scrape(server);
    expect(server.logs.some((line) => line.includes('"msg":"request"'))).toBe(false);
    expect(
      value(samples, 'parley_requests_total', { surface: 'bot-api', method: 'setWebhook', status: '200' }),
    ).toBe(1);
    expect(value(samples, 'parley_pending_updates', { delivery: 'webhook' })).toBe(1);
    // Due since the update's creation (whole seconds), 40 s of virtual time ago and some.
    const lag = value(samples, 'parley_job_lag_seconds', { queue: 'webhook' })!;
    expect(lag).toBeGreaterThanOrEqual(39);
    expect(lag).toBeLessThan(120);

    release();
    await waitFor(
      async () =>
        value(await scrape(server), 'parley_webhook_deliveries_total', { outcome: 'delivered' }) === 1,
      { what: 'the delivery' },
    );
    const after = await scrape(server);
    expect(value(after, 'parley_pending_updates', { delivery: 'webhook' })).toBe(0);
    expect(value(after, 'parley_job_lag_seconds', { queue: 'webhook' })).toBe(0);
  });
});

describe('/metrics on a separate listener (--metrics-port)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ metricsPort: '0' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves the scrape without the token there, and only /metrics; the main port still asks for it', async () => {
    const metricsUrl = server.parley.metricsUrl!;
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(metricsUrl).port).not.toBe(new URL(server.url).port);
    const { token } = await userAndBot(server, 'listener');
    await new Api(token, { apiRoot: server.url }).getMe();

    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    const samples = parse(await response.text());
    expect(
      value(samples, 'parley_requests_total', { surface: 'bot-api', method: 'getMe', status: '200' }),
    ).toBe(1);

    expect((await fetch(metricsUrl.replace('/metrics', '/control/users'))).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
  });
});
