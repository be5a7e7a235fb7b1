/**
 * The webhook delivery log (ADR 0059) over real HTTP: a loopback receiver fails the first attempt and
 * accepts the second; the log shows both (status, error, url without credentials, size, duration),
 * never the secret token; replay sends a delivered update again from the log, and retries a pending
 * one at once instead of after its backoff.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ControlApiError } from '../src/testkit/index.js';
import { callBotApi, startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import { startReceiver, type Receiver } from './helpers/receiver.js';
import { waitFor } from './helpers/wait-for.js';

let server: TestServer;
const receivers: Receiver[] = [];
beforeAll(async () => {
  server = await startServer();
});
afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.close();
});
afterAll(async () => {
  await server.close();
});

async function receiver(...args: Parameters<typeof startReceiver>) {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}

async function refusal(call: Promise<unknown>): Promise<ControlApiError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ControlApiError);
  return error as ControlApiError;
}

describe('the webhook delivery log', () => {
  it('records a failed and a successful attempt, and replay sends the update again', async () => {
    const { user, bot, token } = await userAndBot(server, 'whlog');
    let failFirst = true;
    const hook = await receiver((_request, response) => {
      if (failFirst) {
        failFirst = false;
        response.statusCode = 500;
      }
      response.end();
    });
    const url = hook.url.replace('http://', 'http://hookuser:hookpass@');
    const set = await callBotApi(server, token, 'setWebhook', { url, secret_token: 's3cret-token' });
    expect(set.body.ok).toBe(true);

    await server.control.sendMessage({ from: user.phone_number, chat: `@${bot.username}`, text: 'log me' });
    await waitFor(() => hook.received.length === 2, { what: 'the failed and the accepted attempt' });
    const log = await waitFor(
      async () => {
        const read = await server.control.getWebhookDeliveries({ bot: `@${bot.username}` });
        return read.attempts.length === 2 ? read : undefined;
      },
      { what: 'both attempts in the log' },
    );
    const delivered = hook.received[1]!;
    const updateId = delivered.json.update_id;
    const [failed, accepted] = log.attempts;
    expect(failed).toMatchObject({
      bot_id: bot.id,
      update_id: updateId,
      update_type: 'message',
      attempt: 1,
      url: hook.url,
      request_bytes: Buffer.byteLength(hook.received[0]!.body),
      status_code: 500,
      error: 'Wrong response from the webhook: 500 Internal Server Error',
      outcome: 'failed',
    });
    expect(failed!.body).toBeUndefined();
    expect(accepted).toMatchObject({
      update_id: updateId,
      attempt: 2,
      url: hook.url,
      request_bytes: Buffer.byteLength(delivered.body),
      status_code: 200,
      outcome: 'delivered',
      body: delivered.body,
    });
    expect(accepted!.error).toBeUndefined();
    expect(accepted!.next_attempt_date).toBeUndefined();
    for (const attempt of log.attempts) {
      expect(Number.isInteger(attempt.duration_ms) && attempt.duration_ms >= 0).toBe(true);
      expect(typeof attempt.date).toBe('number');
    }
    expect(accepted!.id).toBeGreaterThan(failed!.id);
    expect(log.pending).toEqual([]);
    // What the receiver checked is never stored, nor the url's credentials.
    expect(hook.received[0]!.headers['x-service-bot-api-secret-token']).toBe('s3cret-token');
    expect(JSON.stringify(log)).not.toContain('s3cret-token');
    expect(JSON.stringify(log)).not.toContain('hookpass');

    // Replay of a delivered update: the same body again, with the secret header, logged as attempt 3.
    const replay = await server.control.replayWebhookUpdate({ bot: `@${bot.username}`, update_id: updateId });
    expect(replay).toEqual({ bot_id: bot.id, update_id: updateId, mode: 'resent' });
    await waitFor(() => hook.received.length === 3, { what: 'the replayed delivery' });
    expect(hook.received[2]!.body).toBe(delivered.body);
    expect(hook.received[2]!.headers['x-service-bot-api-secret-token']).toBe('s3cret-token');
    const ofUpdate = await waitFor(
      async () => {
        const read = await server.control.getWebhookDeliveries({ bot: bot.id, update_id: updateId });
        return read.attempts.length === 3 ? read : undefined;
      },
      { what: 'the replay in the log' },
    );
    expect(ofUpdate.attempts.map((a) => [a.attempt, a.outcome])).toEqual([
      [1, 'failed'],
      [2, 'delivered'],
      [3, 'delivered'],
    ]);
    expect((await server.control.getWebhookDeliveries({ bot: bot.id, limit: 1 })).attempts).toEqual([
      ofUpdate.attempts[2],
    ]);
  });

  it('replays a pending update at once instead of after its backoff', async () => {
    const { user, bot, token } = await userAndBot(server, 'whlogpending');
    const hook = await receiver((_request, response) => {
      response.writeHead(503, { 'retry-after': '600' });
      response.end();
    });
    await callBotApi(server, token, 'setWebhook', { url: hook.url });
    await server.control.sendMessage({ from: user.phone_number, chat: `@${bot.username}`, text: 'later' });
    const log = await waitFor(
      async () => {
        const read = await server.control.getWebhookDeliveries({ bot: bot.id });
        return read.attempts.length === 1 && read.pending.length === 1 ? read : undefined;
      },
      { what: 'a failed attempt and the update pending' },
    );
    const updateId = hook.received[0]!.json.update_id;
    expect(log.attempts[0]).toMatchObject({ update_id: updateId, status_code: 503, outcome: 'failed' });
    // Retry-After 600 s: the retry is scheduled 10 minutes of virtual time later.
    expect(log.attempts[0]!.next_attempt_date! - log.attempts[0]!.date).toBeGreaterThanOrEqual(599);
    expect(log.pending[0]).toMatchObject({ update_id: updateId, update_type: 'message', attempts: 1 });
    expect(log.pending[0]!.body).toBe(hook.received[0]!.body);

    hook.respond = (_request, response) => void response.end();
    const replay = await server.control.replayWebhookUpdate({ bot: bot.id, update_id: updateId });
    expect(replay.mode).toBe('retried');
    await waitFor(() => hook.received.length === 2, { what: 'the retry, without moving the clock' });
    const after = await waitFor(
      async () => {
        const read = await server.control.getWebhookDeliveries({ bot: bot.id });
        return read.pending.length === 0 && read.attempts.length === 2 ? read : undefined;
      },
      { what: 'the update delivered' },
    );
    expect(after.attempts[1]).toMatchObject({ attempt: 2, status_code: 200, outcome: 'delivered' });
  });

  it('refuses a replay of an unknown update, or for a bot without a webhook', async () => {
    const { bot, token } = await userAndBot(server, 'whlogrefused');
    const noHook = await refusal(server.control.replayWebhookUpdate({ bot: bot.id, update_id: 1 }));
    expect([noHook.status, noHook.error]).toEqual([409, 'WEBHOOK_NOT_SET']);
    const hook = await receiver();
    await callBotApi(server, token, 'setWebhook', { url: hook.url });
    const unknown = await refusal(server.control.replayWebhookUpdate({ bot: bot.id, update_id: 12345 }));
    expect([unknown.status, unknown.error]).toEqual([404, 'UPDATE_NOT_FOUND']);
    const noBot = await refusal(server.control.getWebhookDeliveries({ bot: '@no_such_bot' }));
    expect([noBot.status, noBot.error]).toEqual([404, 'BOT_NOT_FOUND']);
    expect(hook.received).toEqual([]);
  });
});
