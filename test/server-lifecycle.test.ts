/**
 * The server's lifecycle as a process and as a listener: the data folder is its owner's alone, a
 * start that cannot bind its port exits at once and leaves nothing behind, one server at a time per
 * data folder (a crashed one does not block the next), and slow or greedy clients cannot hold the
 * server's sockets.
 */
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net, { type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionLimits, loadConfig, type Config } from '../src/config/config.js';
import { createParley, type Parley } from '../src/server/app.js';
import { ControlClient } from '../src/testkit/index.js';
import { spawnServer, type ServerProcess } from './helpers/server-process.js';
import { waitFor } from './helpers/wait-for.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ADMIN = 'lifecycle-admin-token-0123456789';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-life-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function startProcess(args: string[]): Promise<ServerProcess> {
  const server = await spawnServer(args);
  cleanups.push(async () => void (await server.stop('SIGKILL')));
  return server;
}

/** Runs `parley start` that is expected to end by itself; fails past `timeoutMs`. */
async function runToExit(args: string[], timeoutMs = 15_000) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'start', ...args], {
    cwd: ROOT,
    env: { ...process.env, PARLEY_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += String(chunk)));
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`parley start did not exit within ${timeoutMs} ms:\n${stdout}${stderr}`));
    }, timeoutMs);
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  return { code, stdout, stderr };
}

/** Every folder and file under `dir` (itself included) with its permission bits, in octal. */
function modes(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  const visit = (at: string) => {
    const stat = statSync(at);
    found[path.relative(dir, at) || '.'] = (stat.mode & 0o777).toString(8);
    if (stat.isDirectory()) for (const name of readdirSync(at)) visit(path.join(at, name));
  };
  visit(dir);
  return found;
}

async function takenPort(): Promise<number> {
  const holder: Server = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => holder.close(() => resolve())));
  return (holder.address() as AddressInfo).port;
}

describe('the data folder', () => {
  it('is owner-only whatever the umask: folders 0700, files 0600, uploads and WAL included', async () => {
    const data = path.join(tempDir(), 'data');
    // The child inherits the umask: 000 would make everything created with default modes world-wide.
    const umask = process.umask(0);
    let server: ServerProcess;
    try {
      server = await startProcess(['--data', data]);
    } finally {
      process.umask(umask);
    }
    // The generated admin token is one of the files.
    const token = readFileSync(path.join(data, 'admin-token'), 'utf8').trim();
    const admin = new ControlClient({ url: server.url, adminToken: token });
    const user = await admin.createUser({ phone_number: '+15556660001', first_name: 'Ola' });
    const bot = await admin.createBot({ username: 'private_files_bot' });
    await admin.sendMedia({
      from: user.id,
      chat: `@${bot.username}`,
      document: { data: Buffer.from('secret notes'), filename: 'notes.txt' },
    });

    const found = modes(data);
    // The WAL files exist while the server runs, and an upload was stored in a subfolder of files/.
    expect(Object.keys(found)).toEqual(
      expect.arrayContaining(['parley.sqlite', 'parley.sqlite-wal', 'parley.sqlite-shm', 'admin-token']),
    );
    expect(Object.keys(found).filter((name) => name.startsWith(`files${path.sep}`)).length).toBeGreaterThan(
      0,
    );
    for (const [name, mode] of Object.entries(found)) {
      const isDir = statSync(path.join(data, name)).isDirectory();
      expect({ name, mode }).toEqual({ name, mode: isDir ? '700' : '600' });
    }
  });

  it('is tightened at start when it was readable by others, with a log line', async () => {
    const data = path.join(tempDir(), 'data');
    let server = await startProcess(['--data', data, '--admin-token', ADMIN]);
    await server.stop('SIGTERM');
    // As an older version (or a hand-made folder) left it.
    mkdirSync(path.join(data, 'files', 'ab'), { recursive: true });
    writeFileSync(path.join(data, 'files', 'ab', 'upload'), 'bytes');
    for (const [name, mode] of [
      ['.', 0o755],
      ['parley.sqlite', 0o644],
      ['files', 0o755],
      ['files/ab', 0o755],
      ['files/ab/upload', 0o644],
    ] as const) {
      chmodSync(path.join(data, name), mode);
    }

    server = await startProcess(['--data', data, '--admin-token', ADMIN]);
    expect(server.output()).toContain('made it owner-only');
    for (const [name, mode] of Object.entries(modes(data))) {
      const isDir = statSync(path.join(data, name)).isDirectory();
      expect({ name, mode }).toEqual({ name, mode: isDir ? '700' : '600' });
    }
  });
});

describe('a start whose port is taken', () => {
  it('exits 1 at once with one line, and leaves no data folder it created', async () => {
    const port = await takenPort();
    const parent = path.join(tempDir(), 'new');
    const data = path.join(parent, 'data');
    const run = await runToExit(['--port', String(port), '--data', data]);
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: `parley: port ${port} on 127.0.0.1 is in use (EADDRINUSE)\n`,
    });
    expect(existsSync(parent)).toBe(false);
  });

  it('adds nothing to an existing data folder: no admin token, no database', async () => {
    const port = await takenPort();
    const data = tempDir();
    writeFileSync(path.join(data, 'keep.txt'), 'mine');
    const run = await runToExit(['--port', String(port), '--data', data]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`parley: port ${port} on 127.0.0.1 is in use (EADDRINUSE)\n`);
    expect(readdirSync(data)).toEqual(['keep.txt']);
  });
});

describe('one server per data folder', () => {
  it('a second server exits 1 naming the first one; after the first is killed, a start succeeds', async () => {
    const data = tempDir();
    const first = await startProcess(['--data', data, '--admin-token', ADMIN]);

    const second = await runToExit(['--port', '0', '--data', data, '--admin-token', ADMIN]);
    expect(second.code).toBe(1);
    expect(second.stderr).toBe(
      `parley: the data folder ${data} is in use by another Parley server (pid ${first.child.pid}) (DATA_FOLDER_LOCKED)\n`,
    );
    expect(second.stdout).toBe('');
    // The first one did not notice.
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    expect(
      (
        await new ControlClient({ url: first.url, adminToken: ADMIN }).createUser({
          phone_number: '+15556660002',
          first_name: 'Pia',
        })
      ).first_name,
    ).toBe('Pia');

    expect(await first.stop('SIGKILL')).toBe(null);
    const third = await startProcess(['--data', data, '--admin-token', ADMIN]);
    expect(
      (await new ControlClient({ url: third.url, adminToken: ADMIN }).getUser('+15556660002')).first_name,
    ).toBe('Pia');
    // Released at a graceful stop: the holder's pid file goes with it.
    expect(await third.stop('SIGTERM')).toBe(0);
    expect(existsSync(path.join(data, 'parley.pid'))).toBe(false);
  });
});

// ---- slow and greedy clients (in process, with short timeouts) ------------------------------------

async function startInProcess(
  overrides: Partial<Config>,
  flags: { profile?: string } = {},
): Promise<{ parley: Parley; url: string; port: number; logs: string[] }> {
  const config = {
    ...loadConfig({ data: ':memory:', port: '0', logLevel: 'warn', ...flags }, {}),
    ...overrides,
  };
  const logs: string[] = [];
  const sink = new Writable({
    write: (chunk, _encoding, callback) => {
      logs.push(String(chunk));
      callback();
    },
  });
  const parley = await createParley({ config, adminToken: ADMIN, logStream: sink });
  const url = await parley.app.listen({ host: '127.0.0.1', port: 0 });
  parley.startWorkers();
  cleanups.push(() => parley.close());
  return { parley, url, port: (parley.app.server.address() as AddressInfo).port, logs };
}

/** A raw connection: what the server sent, and whether (and when) it closed. */
class RawClient {
  readonly socket: Socket;
  received = '';
  closed = false;
  readonly connected: Promise<void>;

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.connected = new Promise((resolve) => this.socket.once('connect', () => resolve()));
    this.socket.on('data', (chunk) => (this.received += String(chunk)));
    this.socket.on('error', () => {});
    this.socket.once('close', () => (this.closed = true));
    cleanups.push(() => void this.socket.destroy());
  }

  /** Sends a GET and resolves with the answer's status line (keep-alive: the connection stays). */
  async get(target: string): Promise<string> {
    const start = this.received.length;
    this.socket.write(`GET ${target} HTTP/1.1\r\nHost: parley\r\n\r\n`);
    const answer = await waitFor(
      () => {
        const text = this.received.slice(start);
        const head = text.indexOf('\r\n\r\n');
        if (head < 0) return this.closed ? 'closed' : undefined;
        const length = Number(/content-length: (\d+)/i.exec(text.slice(0, head))?.[1] ?? 0);
        return text.length >= head + 4 + length ? text : undefined;
      },
      { what: `an answer to GET ${target}`, timeoutMs: 5_000 },
    );
    return answer.split('\r\n')[0]!;
  }

  async waitClosed(timeoutMs = 5_000): Promise<void> {
    await waitFor(() => this.closed, { what: 'the server to close the connection', timeoutMs });
  }
}

describe('slow clients', () => {
  const limits = { requestTimeoutMs: 400, headersTimeoutMs: 200 };

  it('a body that trickles in slower than the request timeout gets 408 and its connection closed', async () => {
    const { port } = await startInProcess(limits);
    const client = new RawClient(port);
    await client.connected;
    client.socket.write(
      'POST /bot123:abc/sendMessage HTTP/1.1\r\nHost: parley\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
    );
    const trickle = setInterval(() => client.socket.write('{'), 50);
    cleanups.push(() => clearInterval(trickle));
    await client.waitClosed();
    expect(client.received.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
  });

  it('headers that trickle in, and a connection that says nothing, are closed too', async () => {
    const { port } = await startInProcess(limits);
    const headers = new RawClient(port);
    const silent = new RawClient(port);
    await Promise.all([headers.connected, silent.connected]);
    headers.socket.write('GET /healthz HTTP/1.1\r\n');
    const trickle = setInterval(() => headers.socket.write('X-Slow: 1\r\n'), 50);
    cleanups.push(() => clearInterval(trickle));
    await Promise.all([headers.waitClosed(), silent.waitClosed()]);
    // Closed either by the first-byte timer (nothing written) or, when Node's own header check comes
    // first in the same tick of its checking interval, with its 408: both end the connection.
    expect(silent.received === '' || silent.received.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('an answer that waits (a long poll) is not cut by the request timeout', async () => {
    const { url } = await startInProcess(limits);
    const control = new ControlClient({ url, adminToken: ADMIN });
    const bot = await control.createBot({ username: 'patient_bot' });
    const started = Date.now();
    const answer = await fetch(`${url}/bot${bot.token}/getUpdates?timeout=1`);
    expect(await answer.json()).toEqual({ ok: true, result: [] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});

describe('connections per client', () => {
  it('past the cap a new connection is answered 503 with Retry-After and closed, with one log line; the first ones keep working', async () => {
    const { port, logs } = await startInProcess({ maxConnectionsPerClient: 3 });
    const first = [new RawClient(port), new RawClient(port), new RawClient(port)];
    // Each has been accepted and served before the next one comes.
    for (const client of first) expect(await client.get('/healthz')).toBe('HTTP/1.1 200 OK');

    for (let i = 0; i < 2; i++) {
      const extra = new RawClient(port);
      // Answered before it sent anything, and nothing it sends is served.
      await extra.waitClosed();
      expect(extra.received).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
      expect(extra.received).toMatch(/\r\nRetry-After: 1\r\n/);
      expect(extra.received).toMatch(/\r\nConnection: close\r\n/);
      expect(JSON.parse(extra.received.slice(extra.received.indexOf('\r\n\r\n') + 4))).toMatchObject({
        ok: false,
        error_code: 503,
        error: 'TOO_MANY_CONNECTIONS',
      });
    }
    // One line for the address's episode over the cap, not one per connection.
    const refusals = logs.filter((line) => line.includes('connections refused (503)'));
    expect(refusals).toHaveLength(1);
    expect(JSON.parse(refusals[0]!)).toMatchObject({ level: 40, ip: '127.0.0.1', cap: 3 });
    for (const client of first) expect(await client.get('/healthz')).toBe('HTTP/1.1 200 OK');

    // A closed connection frees its place.
    first[0]!.socket.destroy();
    const next = await waitFor(
      async () => {
        const client = new RawClient(port);
        await client.connected;
        const status = await client.get('/healthz');
        return status === 'HTTP/1.1 200 OK' ? client : undefined;
      },
      { what: 'a place to free up' },
    );
    expect(next.closed).toBe(false);
  });

  it('a client library over the cap gets the 503 answer, never a reset, and its request is not run', async () => {
    const { url } = await startInProcess({ maxConnectionsPerClient: 4 });
    const control = new ControlClient({ url, adminToken: ADMIN });
    const bot = await control.createBot({ username: 'capped_bot' });
    const user = await control.createUser({ phone_number: '+15550009001', first_name: 'Cap' });
    await control.sendMessage({ from: user.phone_number, chat: '@capped_bot', text: 'hi' });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${url}/bot${bot.token}/sendMessage`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ chat_id: user.id, text: `n${i}` }),
        }).then(async (answer) => ({
          status: answer.status,
          body: (await answer.json()) as { ok: boolean },
        })),
      ),
    );
    const statuses = new Set(answers.map((answer) => answer.status));
    expect([...statuses].sort()).toEqual([200, 503]);
    const sent = answers.filter((answer) => answer.status === 200).length;
    // Exactly the answered sends were stored: a refused connection's request never ran.
    const messages = await control.listMessages({ user: user.phone_number, chat: '@capped_bot', limit: 100 });
    expect(messages.length).toBe(1 + sent);
  });

  it('the local profile has no cap by default: 300 requests at once from one client all succeed', async () => {
    const { url } = await startInProcess({}, { profile: 'local' });
    const answers = await Promise.all(
      Array.from({ length: 300 }, () => fetch(`${url}/healthz`).then((answer) => answer.status)),
    );
    expect(answers.every((status) => status === 200)).toBe(true);
  });

  it('the strict profile caps at 256 by default', async () => {
    expect(connectionLimits(loadConfig({ profile: 'strict' }, {})).maxConnectionsPerClient).toBe(256);
    expect(connectionLimits(loadConfig({ profile: 'local' }, {})).maxConnectionsPerClient).toBe(0);
    expect(
      connectionLimits(loadConfig({ profile: 'local', maxConnectionsPerClient: '10' }, {}))
        .maxConnectionsPerClient,
    ).toBe(10);
  });

  it('0 means no cap', async () => {
    const { port } = await startInProcess({ maxConnectionsPerClient: 0 });
    const clients = Array.from({ length: 5 }, () => new RawClient(port));
    for (const client of clients) expect(await client.get('/healthz')).toBe('HTTP/1.1 200 OK');
  });
});
