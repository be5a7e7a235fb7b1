/**
 * Faults on demand (ADR 0058): rules added through the control API and the CLI make a bot's Bot API
 * calls, a gateway account's calls and webhook delivery fail on purpose, before anything changes.
 * The Bot API side is driven by an unmodified grammY Api with the auto-retry plugin.
 */
import { autoRetry } from '@grammyjs/auto-retry';
import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import { cliRunner, controlFailure } from './helpers/cli-runner.js';
import { setupGateway } from './helpers/gateway.js';
import { startReceiver, type Receiver } from './helpers/receiver.js';
import { waitFor } from './helpers/wait-for.js';
import { draw } from '../src/platform/faults/fault-rule.js';

let server: TestServer;
const cli = cliRunner(() => server);

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

/** A user and a bot, the user having started the bot (so the bot may write to them). */
async function scene(name: string) {
  const { user, bot, token } = await userAndBot(server, name);
  await server.control.sendMessage({ from: user.phone_number, chat: `@${bot.username}`, text: '/start' });
  return { user, bot, token };
}

const botTexts = async (phoneNumber: string, username: string) =>
  (await server.control.listMessages({ user: phoneNumber, chat: `@${username}`, limit: 50 }))
    .filter((message) => message.from?.is_bot)
    .map((message) => message.text);

const faultLines = () => server.logs.filter((line) => line.includes('"fault injected"'));

describe('faults on demand', () => {
  it('a grammY bot with auto-retry survives a forced 429 (retry_after) and a forced 502 on sendMessage', async () => {
    const { user, bot, token } = await scene('retry');
    const before = faultLines().length;
    await server.control.addFault({
      bot: `@${bot.username}`,
      method: 'sendMessage',
      status: 429,
      retry_after: 1,
      times: 1,
    });
    await server.control.addFault({ bot: `@${bot.username}`, method: 'sendMessage', status: 502, times: 1 });

    const api = new Api(token, { apiRoot: server.url });
    const seen: Array<{ error_code?: number; description?: string; parameters?: unknown }> = [];
    // Installed first, so below auto-retry (grammY wraps each new transformer around the former ones):
    // every answer the server gave.
    api.config.use(async (prev, method, payload, signal) => {
      const result = await prev(method, payload, signal);
      if (!result.ok)
        seen.push({
          error_code: result.error_code,
          description: result.description,
          parameters: result.parameters,
        });
      return result;
    });
    api.config.use(autoRetry());
    const started = Date.now();
    const sent = await api.sendMessage(user.id, 'after the faults');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);

    expect(sent.text).toBe('after the faults');
    expect(seen).toEqual([
      { error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } },
      { error_code: 502, description: 'Bad Gateway', parameters: undefined },
    ]);
    // Sent exactly once, after the faults; the rules are used up and gone.
    expect(await botTexts(user.phone_number, bot.username)).toEqual(['after the faults']);
    expect(await server.control.listFaults({ bot: `@${bot.username}` })).toEqual([]);
    expect(faultLines().length - before).toBe(2);
  }, 20_000);

  it('counts the next N calls of one method, answers before the method runs, and leaves other methods alone', async () => {
    const { user, bot, token } = await scene('count');
    const rule = await server.control.addFault({
      bot: bot.id,
      method: 'SENDMESSAGE',
      status: 400,
      description: 'chat not found',
      times: 2,
    });
    expect(rule).toMatchObject({
      surface: 'bot_api',
      target_id: bot.id,
      method: 'sendmessage',
      status: 400,
      times: 2,
    });

    for (let i = 0; i < 2; i++) {
      expect((await callBotApi(server, token, 'getMe')).status).toBe(200);
      const refused = await callBotApi(server, token, 'sendMessage', { chat_id: user.id, text: `try ${i}` });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        ok: false,
        error_code: 400,
        description: 'Bad Request: chat not found',
      });
    }
    const [listed] = await server.control.listFaults({ bot: bot.id });
    expect(listed).toBeUndefined();
    const sent = await callBotApi(server, token, 'sendMessage', { chat_id: user.id, text: 'third' });
    expect(sent.status).toBe(200);
    expect(await botTexts(user.phone_number, bot.username)).toEqual(['third']);
  });

  it('a 429 carries the Retry-After header and the reference body; another bot is not affected', async () => {
    const one = await scene('hdr');
    const other = await scene('other');
    await server.control.addFault({ bot: one.bot.id, status: 429, retry_after: 7 });
    const limited = await callBotApi(server, one.token, 'getMe');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(limited.body).toEqual({
      ok: false,
      error_code: 429,
      description: 'Too Many Requests: retry after 7',
      parameters: { retry_after: 7 },
    });
    expect((await callBotApi(server, other.token, 'getMe')).status).toBe(200);
    // Without times the rule stays until cleared.
    expect((await callBotApi(server, one.token, 'getMe')).status).toBe(429);
    expect(await server.control.clearFaults({ bot: one.bot.id })).toEqual({ removed: 1 });
    expect((await callBotApi(server, one.token, 'getMe')).status).toBe(200);
  });

  it('drops the connection, and adds latency', async () => {
    const { token, bot } = await scene('drop');
    await server.control.addFault({ bot: bot.id, method: 'getMe', drop: true, times: 1 });
    await expect(callBotApi(server, token, 'getMe')).rejects.toThrow();
    expect((await callBotApi(server, token, 'getMe')).status).toBe(200);

    await server.control.addFault({ bot: bot.id, method: 'getMe', latency_ms: 400, times: 1 });
    const started = Date.now();
    const slow = await callBotApi(server, token, 'getMe');
    expect(slow.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(380);
  });

  it('a rule for a period of virtual time ends when the clock passes it', async () => {
    const { token, bot } = await scene('period');
    const rule = await server.control.addFault({ bot: bot.id, status: 500, for_seconds: 60 });
    expect(rule.until).toBeGreaterThan(rule.created_at + 50);
    const failed = await callBotApi(server, token, 'getMe');
    expect(failed.body).toEqual({ ok: false, error_code: 500, description: 'Internal Server Error' });
    await server.control.advanceClock(30);
    expect((await callBotApi(server, token, 'getMe')).status).toBe(500);
    await server.control.advanceClock(45);
    expect((await callBotApi(server, token, 'getMe')).status).toBe(200);
  });

  it('with a probability under a seed, the same seed gives the same sequence', async () => {
    const { token, bot } = await scene('seed');
    const run = async (seed: number) => {
      await server.control.addFault({
        bot: bot.id,
        method: 'getMe',
        status: 502,
        probability: 0.5,
        seed,
        times: 24,
      });
      const pattern: boolean[] = [];
      for (let i = 0; i < 24; i++) pattern.push((await callBotApi(server, token, 'getMe')).status === 502);
      await server.control.clearFaults({ bot: bot.id });
      return pattern;
    };
    const first = await run(42);
    const again = await run(42);
    const other = await run(7);
    expect(again).toEqual(first);
    expect(first).toEqual(Array.from({ length: 24 }, (_, i) => draw(42, i + 1) < 0.5));
    expect(first).toContain(true);
    expect(first).toContain(false);
    expect(other).not.toEqual(first);
  });

  it('a webhook fault fails the delivery, which is retried by the usual backoff and then succeeds', async () => {
    // No /start first: the only update is the one sent under the fault.
    const { user, bot, token } = await userAndBot(server, 'hook');
    let hook: Receiver | undefined;
    try {
      hook = await startReceiver();
      const api = new Api(token, { apiRoot: server.url });
      await api.setWebhook(hook.url);
      const rule = await server.control.addFault({ bot: bot.id, webhook: true, status: 502, times: 2 });
      expect(rule.surface).toBe('webhook');

      await server.control.sendMessage({
        from: user.phone_number,
        chat: `@${bot.username}`,
        text: 'via webhook',
      });
      // First failure: retried at once; second: after 2 s of virtual time.
      const info = await waitFor(
        async () => {
          const current = await api.getWebhookInfo();
          return current.last_error_message !== undefined && current;
        },
        { what: 'the failed attempt' },
      );
      expect(info.last_error_message).toBe('Wrong response from the webhook: 502 Bad Gateway');
      await waitFor(
        async () => (await server.control.listFaults({ bot: bot.id, webhook: true })).length === 0,
        {
          what: 'both faults used',
        },
      );
      expect(hook.received).toHaveLength(0);
      await server.control.advanceClock(5);
      await waitFor(() => hook!.received.length === 1, { what: 'the delivery' });
      expect(hook.received[0]!.json.message?.text).toBe('via webhook');
      await waitFor(async () => (await api.getWebhookInfo()).pending_update_count === 0, {
        what: 'the delivered update to leave the queue',
      });
      // The delivery log (ADR 0059) shows the faulted attempts as the webhook's 502s.
      const log = await server.control.getWebhookDeliveries({ bot: bot.id });
      expect(log.attempts.map((a) => [a.attempt, a.status_code ?? null, a.outcome])).toEqual([
        [1, 502, 'failed'],
        [2, 502, 'failed'],
        [3, 200, 'delivered'],
      ]);
    } finally {
      await hook?.close();
    }
  });

  it('gateway faults answer FLOOD_WAIT_n and PHONE_NUMBER_NOT_AVAILABLE before the method runs', async () => {
    const gw = await setupGateway(server);
    const person = await gw.person();
    const account = gw.account.id;
    const initial = await server.control.getGatewayAccount(account);
    await server.control.addFault({
      gateway_account: account,
      method: 'sendVerificationMessage',
      error: 'FLOOD_WAIT_7',
      times: 1,
    });
    await server.control.addFault({
      gateway_account: account,
      error: 'PHONE_NUMBER_NOT_AVAILABLE',
      times: 1,
    });

    const flood = await gw.call('sendVerificationMessage', {
      phone_number: person.phone_number,
      code: '1234',
    });
    expect(flood.status).toBe(429);
    expect(flood.headers.get('retry-after')).toBe('7');
    expect(flood.body).toEqual({ ok: false, error: 'FLOOD_WAIT_7' });
    const unavailable = await gw.call('checkSendAbility', { phone_number: person.phone_number });
    expect(unavailable.status).toBe(400);
    expect(unavailable.body).toEqual({ ok: false, error: 'PHONE_NUMBER_NOT_AVAILABLE' });

    // The faulted calls changed nothing: no charge, no request.
    expect((await server.control.getGatewayAccount(account)).balance).toBe(initial.balance);
    expect(await server.control.listVerificationRequests({ account })).toHaveLength(0);
    const sent = await gw.call('sendVerificationMessage', {
      phone_number: person.phone_number,
      code: '1234',
    });
    expect(sent.status).toBe(200);
    expect(await server.control.listVerificationRequests({ account })).toHaveLength(1);
  });

  it('refuses a rule without a scope or an effect', async () => {
    expect(await controlFailure(server.control.addFault({ status: 500 }))).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
    });
    const { bot } = await scene('bad');
    expect(await controlFailure(server.control.addFault({ bot: bot.id, times: 1 }))).toMatchObject({
      status: 400,
      message: 'give an effect: status, error, latency_ms or drop',
    });
    expect(
      await controlFailure(server.control.addFault({ bot: '@nobody_here_bot', status: 500 })),
    ).toMatchObject({
      status: 404,
      code: 'BOT_NOT_FOUND',
    });
  });

  it('the CLI adds, lists and clears faults', async () => {
    const { user, bot, token } = await scene('cli');
    const added = await cli(
      'fault',
      'add',
      '--bot',
      `@${bot.username}`,
      '--method',
      'sendMessage',
      '--status',
      '429',
      '--retry-after',
      '1',
      '--times',
      '2',
      '--json',
    );
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({
      surface: 'bot_api',
      target_id: bot.id,
      method: 'sendmessage',
      status: 429,
      retry_after: 1,
      times: 2,
    });
    const listed = await cli('fault', 'list', '--bot', `@${bot.username}`);
    expect(listed.stdout).toMatch(
      /^fault \d+: bot_api \d+ sendmessage status 429 retry_after 1, times 2 \(0 counted\)$/,
    );

    const refused = await callBotApi(server, token, 'sendMessage', { chat_id: user.id, text: 'x' });
    expect(refused.status).toBe(429);
    const cleared = await cli('fault', 'clear', '--bot', `@${bot.username}`, '--json');
    expect(cleared.code).toBe(0);
    expect(JSON.parse(cleared.stdout)).toEqual({ removed: 1 });
    expect((await callBotApi(server, token, 'sendMessage', { chat_id: user.id, text: 'y' })).status).toBe(
      200,
    );

    // The webhook form; clear --bot removes the bot's webhook rules too.
    const hook = await cli(
      'fault',
      'add',
      '--bot',
      `@${bot.username}`,
      '--webhook',
      '--status',
      '500',
      '--json',
    );
    expect(JSON.parse(hook.stdout)).toMatchObject({ surface: 'webhook', target_id: bot.id, status: 500 });
    await cli('fault', 'add', '--bot', `@${bot.username}`, '--latency-ms', '5', '--json');
    const both = await cli('fault', 'list', '--bot', `@${bot.username}`, '--json');
    expect((JSON.parse(both.stdout) as Array<{ surface: string }>).map((r) => r.surface)).toEqual([
      'webhook',
      'bot_api',
    ]);
    const onlyHook = await cli('fault', 'list', '--bot', `@${bot.username}`, '--webhook', '--json');
    expect(JSON.parse(onlyHook.stdout)).toHaveLength(1);
    expect(JSON.parse((await cli('fault', 'clear', '--bot', `@${bot.username}`, '--json')).stdout)).toEqual({
      removed: 2,
    });
    expect((await cli('fault', 'list', '--bot', `@${bot.username}`)).stdout).toBe('no faults');

    const usage = await cli('fault', 'add', '--status', '500');
    expect(usage.code).not.toBe(0);
  });
});
