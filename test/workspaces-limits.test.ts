/**
 * What workspaces cost is bounded (ADR 0064): at most `--max-workspaces` exist; a workspace's storage
 * is open only while it is used (closed after `--workspace-idle-timeout`, reopened by the next
 * request with its data); a restart opens none of them; and work that falls due while a workspace is
 * closed (a webhook retry) still happens, after an idle close and across a restart. Open storage is
 * seen as the process's file descriptors on the workspace's folder, and as `open` in the control API.
 */
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ControlApiError, ControlClient } from '../src/testkit/index.js';
import { startServer, type TestServer } from './helpers/in-process.js';
import { startReceiver, type Receiver } from './helpers/receiver.js';
import { waitFor } from './helpers/wait-for.js';

const dirs: string[] = [];
let servers: TestServer[] = [];
let receivers: Receiver[] = [];

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-ws-limits-'));
  dirs.push(dir);
  return dir;
}

async function start(flags: Parameters<typeof startServer>[0]): Promise<TestServer> {
  const server = await startServer(flags);
  servers.push(server);
  return server;
}

async function stop(server: TestServer): Promise<void> {
  servers = servers.filter((s) => s !== server);
  await server.close();
}

afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await Promise.all(receivers.map((receiver) => receiver.close()));
  servers = [];
  receivers = [];
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** This process's open file descriptors on files under `folder`. */
function openFilesUnder(folder: string): number {
  let count = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`).startsWith(`${folder}${path.sep}`)) count++;
    } catch {
      // Closed between the listing and the read.
    }
  }
  return count;
}

async function getMe(url: string, token: string): Promise<number> {
  return (await fetch(`${url}/bot${token}/getMe`)).status;
}

describe('the limit', () => {
  it('refuses the workspace after the last allowed, in the control API’s format, and changes nothing', async () => {
    const server = await start({ maxWorkspaces: '3' });
    for (const name of ['one', 'two', 'three']) await server.control.createWorkspace({ name });
    const refused = await server.control.createWorkspace({ name: 'four' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ControlApiError);
    expect(refused).toMatchObject({
      status: 409,
      error: 'WORKSPACE_LIMIT_REACHED',
      message: expect.stringContaining(
        'the server holds 3 workspaces, its limit (--max-workspaces): delete one first',
      ) as unknown,
    });
    expect((await server.control.listWorkspaces()).map((w) => w.name)).toEqual(['one', 'three', 'two']);
    expect(await server.control.getWorkspace('four').catch((error: ControlApiError) => error.status)).toBe(
      404,
    );
    // A place freed is a place taken.
    await server.control.deleteWorkspace('two');
    expect((await server.control.createWorkspace({ name: 'four' })).name).toBe('four');
  });
});

describe('on a data folder', () => {
  it('closes a workspace idle past the idle time and reopens it, data intact, on the next request', async () => {
    const dir = dataDir();
    const server = await start({ data: dir, workspaceIdleTimeout: '1' });
    const created = await server.control.createWorkspace({ name: 'idle' });
    const inside = new ControlClient({ url: created.server_url, adminToken: created.admin_token });
    const bot = await inside.createBot({ username: 'idle_bot' });
    await inside.advanceClock(3600);
    const folder = path.join(dir, 'workspaces', 'idle');
    expect(openFilesUnder(folder)).toBeGreaterThan(0);
    expect((await server.control.getWorkspace('idle')).open).toBe(true);

    await waitFor(
      async () => (await server.control.getWorkspace('idle')).open === false && openFilesUnder(folder) === 0,
      {
        what: 'the idle workspace to close its storage',
      },
    );
    expect((await server.control.listWorkspaces()).map((w) => [w.name, w.open])).toEqual([['idle', false]]);

    // The next request opens it again, with what it held.
    expect(await getMe(created.api_root, bot.token)).toBe(200);
    expect((await inside.getClock()).offset_seconds).toBeGreaterThanOrEqual(3600);
    expect((await server.control.getWorkspace('idle')).open).toBe(true);
    expect(openFilesUnder(folder)).toBeGreaterThan(0);
  });

  it('an open workspace starts no thread of its own (no checkpoint worker)', async () => {
    const dir = dataDir();
    const server = await start({ data: dir });
    const threads = () => readdirSync('/proc/self/task').length;
    const before = threads();
    for (const name of ['lean-1', 'lean-2', 'lean-3']) {
      const created = await server.control.createWorkspace({ name });
      const inside = new ControlClient({ url: created.server_url, adminToken: created.admin_token });
      await inside.createBot({ username: `${name.replace('-', '_')}_bot` });
      expect(openFilesUnder(path.join(dir, 'workspaces', name))).toBeGreaterThan(0);
    }
    // A checkpoint worker of each (ADR 0006) would be a thread each (ADR 0094).
    expect(threads()).toBe(before);
  });

  it('keeps a workspace open while a long poll is parked in it, and closes it after', async () => {
    const server = await start({ data: dataDir(), workspaceIdleTimeout: '1' });
    const created = await server.control.createWorkspace({ name: 'polled' });
    const inside = new ControlClient({ url: created.server_url, adminToken: created.admin_token });
    const bot = await inside.createBot({ username: 'polled_bot' });
    const started = Date.now();
    let answered: Response | undefined;
    void fetch(`${created.api_root}/bot${bot.token}/getUpdates?timeout=3`).then((r) => (answered = r));
    // Until the poll answers (three idle times later), the workspace is open at every look.
    const seen: boolean[] = [];
    await waitFor(
      async () => {
        seen.push((await server.control.getWorkspace('polled')).open);
        return answered;
      },
      { intervalMs: 100, what: 'the long poll to answer' },
    );
    expect([answered!.status, Date.now() - started >= 2900]).toEqual([200, true]);
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.every((open) => open)).toBe(true);
    await waitFor(async () => (await server.control.getWorkspace('polled')).open === false, {
      what: 'the workspace to close once the poll has ended',
    });
  });

  it('opens none of its workspaces at a restart, and then only the one used', async () => {
    const dir = dataDir();
    let server = await start({ data: dir });
    const names = Array.from({ length: 20 }, (_, i) => `ws-${String(i).padStart(2, '0')}`);
    let token = '';
    for (const name of names) {
      const created = await server.control.createWorkspace({ name });
      if (name === 'ws-07') {
        const inside = new ControlClient({ url: created.server_url, adminToken: created.admin_token });
        token = (await inside.createBot({ username: 'seven_bot' })).token;
      }
    }
    await stop(server);

    server = await start({ data: dir });
    const workspaces = path.join(dir, 'workspaces');
    const listed = await server.control.listWorkspaces();
    expect(listed.map((w) => w.name)).toEqual(names);
    expect(listed.filter((w) => w.open)).toEqual([]);
    expect(openFilesUnder(workspaces)).toBe(0);

    expect(await getMe(`${server.url}/w/ws-07`, token)).toBe(200);
    const open = (await server.control.listWorkspaces()).filter((w) => w.open).map((w) => w.name);
    expect(open).toEqual(['ws-07']);
    expect(openFilesUnder(workspaces)).toBe(openFilesUnder(path.join(workspaces, 'ws-07')));
  }, 30_000);
});

describe('work due in a closed workspace', () => {
  /**
   * A workspace whose bot's webhook answers its first delivery with 500 and `Retry-After: 3`
   * (the next attempt comes 3 s later, past the idle time of 1 s) and the later ones with 200.
   */
  async function retryingWebhook(server: TestServer) {
    const receiver = await startReceiver((request, response: ServerResponse) => {
      if (receiver.received.length === 1) {
        response.writeHead(500, { 'retry-after': '3' });
        response.end('{"ok":false}');
      } else response.end('{"ok":true}');
    });
    receivers.push(receiver);
    const created = await server.control.createWorkspace({ name: 'hooked' });
    const inside = new ControlClient({ url: created.server_url, adminToken: created.admin_token });
    const bot = await inside.createBot({ username: 'hooked_bot' });
    const user = await inside.createUser({ phone_number: '+15550123' });
    const set = await fetch(
      `${created.api_root}/bot${bot.token}/setWebhook?url=${encodeURIComponent(receiver.url)}`,
    );
    expect(set.status).toBe(200);
    await inside.sendMessage({ from: user.phone_number, chat: '@hooked_bot', text: 'hello' });
    await waitFor(() => receiver.received.length === 1, { what: 'the first, failed delivery' });
    return { receiver, created };
  }

  it('wakes the workspace it closed when the retry falls due, and the update is delivered', async () => {
    const server = await start({ data: dataDir(), workspaceIdleTimeout: '1' });
    const { receiver } = await retryingWebhook(server);
    await waitFor(async () => (await server.control.getWorkspace('hooked')).open === false, {
      what: 'the idle workspace to close with its retry pending',
    });
    expect(receiver.received).toHaveLength(1);
    const [, retried] = await waitFor(() => receiver.received.length === 2 && receiver.received, {
      what: 'the retry, from the woken workspace',
    });
    expect(retried!.json.message?.text).toBe('hello');
  }, 20_000);

  it('after a restart, opens the workspace when the retry falls due', async () => {
    const dir = dataDir();
    const first = await start({ data: dir });
    const { receiver } = await retryingWebhook(first);
    await stop(first);

    const server = await start({ data: dir });
    expect((await server.control.getWorkspace('hooked')).open).toBe(false);
    const [, retried] = await waitFor(() => receiver.received.length === 2 && receiver.received, {
      what: 'the retry, from the workspace opened when it fell due',
    });
    expect(retried!.json.message?.text).toBe('hello');
  }, 20_000);
});
