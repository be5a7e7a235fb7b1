/**
 * Durability: the server is killed with SIGKILL while updates are pending, started again on the same
 * data location, and nothing is lost — by getUpdates and by webhook.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ControlClient } from '../src/testkit/index.js';
import { spawnServer, type ServerProcess } from './helpers/server-process.js';
import { waitFor } from './helpers/wait-for.js';

const ADMIN = 'restart-admin-token-0123456789';
let dataDir: string;
const running: ServerProcess[] = [];

afterEach(async () => {
  for (const server of running.splice(0)) await server.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<{ server: ServerProcess; control: ControlClient }> {
  const server = await spawnServer(['--data', dataDir, '--admin-token', ADMIN]);
  running.push(server);
  return { server, control: new ControlClient({ url: server.url, adminToken: ADMIN }) };
}

async function botCall(url: string, token: string, method: string, params: object = {}) {
  const response = await fetch(`${url}/bot${token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  return (await response.json()) as { ok: boolean; result: unknown };
}

async function seed(control: ControlClient) {
  const user = await control.createUser({ phone_number: '+15557770001', first_name: 'Kim' });
  const bot = await control.createBot({ username: 'durable_bot' });
  for (const text of ['one', 'two', 'three']) {
    await control.sendMessage({ from: user.phone_number, chat: '@durable_bot', text });
  }
  return { user, bot };
}

describe('restart after SIGKILL', () => {
  it('keeps pending updates for getUpdates', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'parley-restart-'));
    let { server, control } = await start();
    const { bot } = await seed(control);
    expect(await server.stop('SIGKILL')).toBe(null);

    ({ server, control } = await start());
    const answer = await botCall(server.url, bot.token, 'getUpdates');
    const updates = answer.result as Array<{ update_id: number; message: { text: string } }>;
    expect(updates.map((u) => u.message.text)).toEqual(['one', 'two', 'three']);
    expect(updates[1]!.update_id).toBe(updates[0]!.update_id + 1);
    // The user and the bot survived too.
    expect((await control.getBot('@durable_bot')).token).toBe(bot.token);
  });

  it('delivers updates that were pending for a webhook when it was killed', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'parley-restart-'));
    // A port with nothing listening yet: deliveries fail until the receiver starts.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));

    let { server, control } = await start();
    const user = await control.createUser({ phone_number: '+15557770002', first_name: 'Lee' });
    const bot = await control.createBot({ username: 'durable_hook_bot' });
    expect(
      (await botCall(server.url, bot.token, 'setWebhook', { url: `http://127.0.0.1:${port}/` })).ok,
    ).toBe(true);
    for (const text of ['one', 'two', 'three']) {
      await control.sendMessage({ from: user.phone_number, chat: '@durable_hook_bot', text });
    }
    await waitFor(
      async () => {
        const info = (await botCall(server.url, bot.token, 'getWebhookInfo')).result as {
          last_error_message?: string;
        };
        return info.last_error_message === 'Connection refused';
      },
      { what: 'a failed delivery' },
    );
    await server.stop('SIGKILL');

    const received: string[] = [];
    const receiver = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk) => (body += String(chunk)));
      request.on('end', () => {
        received.push((JSON.parse(body) as { message: { text: string } }).message.text);
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
    try {
      ({ server, control } = await start());
      // Failed deliveries wait for their backoff; move the virtual clock past it.
      await control.advanceClock(120);
      await waitFor(() => received.length >= 3, { what: 'three deliveries', timeoutMs: 15_000 });
      expect(received).toEqual(['one', 'two', 'three']);
      await waitFor(
        async () => {
          const info = (await botCall(server.url, bot.token, 'getWebhookInfo')).result as {
            pending_update_count: number;
          };
          return info.pending_update_count === 0;
        },
        { what: 'an empty queue' },
      );
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
