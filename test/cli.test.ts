/**
 * The `parley` command end to end: a spawned server, the client commands with --json, graceful
 * shutdown, probes, refused data locations, and logs without secrets.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/run-cli.js';
import { spawnServer, type ServerProcess } from './helpers/server-process.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));

let dataDir: string;
let server: ServerProcess;

async function parley(args: string[], env: NodeJS.ProcessEnv = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, PARLEY_URL: server.url, PARLEY_DATA: dataDir, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'parley-cli-'));
  // No --admin-token: the server generates one under the data location, where the CLI finds it.
  server = await spawnServer(['--data', dataDir], { PARLEY_LOG_LEVEL: 'debug' });
});
afterAll(async () => {
  await server.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('parley CLI', () => {
  it('prints one ready line per surface and writes the admin token', () => {
    const out = server.output();
    expect(out).toMatch(/Bot API: +http:\/\/127\.0\.0\.1:\d+\/bot<token>\/<method>/);
    expect(out).toMatch(/Gateway: +http:\/\/127\.0\.0\.1:\d+\/gateway/);
    expect(out).toMatch(/Control API: +http:\/\/127\.0\.0\.1:\d+\/control/);
    expect(out).toContain(`Admin token: ${path.join(dataDir, 'admin-token')}`);
    const token = readFileSync(path.join(dataDir, 'admin-token'), 'utf8').trim();
    expect(token.length).toBeGreaterThanOrEqual(16);
    // The line to paste names the folder, where the CLI reads the token; the token stays in its file.
    expect(out).toContain(
      `For the parley CLI in another shell:\n  export PARLEY_URL=${server.url} PARLEY_DATA=${dataDir}\n`,
    );
    expect(out).not.toContain(token);
  });

  it('answers the probes', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it('creates a user and a bot, sends, lists, waits and moves the clock', async () => {
    const user = JSON.parse(
      (await parley(['user', 'create', '--phone', '+15553330001', '--first-name', 'Cli', '--json'])).stdout,
    );
    expect(user).toMatchObject({ phone_number: '+15553330001', first_name: 'Cli', is_bot: false });
    const bot = JSON.parse((await parley(['bot', 'create', '--username', 'cli_bot', '--json'])).stdout);
    expect(bot.token).toMatch(new RegExp(`^${bot.id}:[A-Za-z0-9_-]{35}$`));

    const sent = JSON.parse(
      (await parley(['send', '--from', '+15553330001', '--to', '@cli_bot', '--text', '/help me', '--json']))
        .stdout,
    );
    expect(sent).toMatchObject({
      text: '/help me',
      entities: [{ type: 'bot_command', offset: 0, length: 5 }],
    });

    // The bot answers through the Bot API; the user waits for it.
    const reply = await fetch(`${server.url}/bot${bot.token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: user.id, text: 'helped' }),
    });
    expect(reply.status).toBe(200);
    const waited = await parley([
      'wait',
      '--user',
      '+15553330001',
      '--chat',
      '@cli_bot',
      '--timeout',
      '5',
      '--json',
    ]);
    expect(JSON.parse(waited.stdout)).toMatchObject({ text: 'helped', from: { username: 'cli_bot' } });
    const timedOut = await parley(['wait', '--user', '+15553330001', '--chat', '@cli_bot', '--timeout', '1']);
    expect(timedOut.code).toBe(1);
    expect(timedOut.stderr).toContain('WAIT_TIMEOUT');

    const listed = JSON.parse(
      (await parley(['messages', '--user', '+15553330001', '--chat', '@cli_bot', '--json'])).stdout,
    );
    expect(listed.map((m: { text: string }) => m.text)).toEqual(['/help me', 'helped']);

    const before = JSON.parse((await parley(['clock', 'show', '--json'])).stdout);
    const after = JSON.parse((await parley(['clock', 'advance', '--seconds', '3600', '--json'])).stdout);
    expect(after.offset_seconds - before.offset_seconds).toBe(3600);
  });

  it('reports errors with the code and a non-zero exit', async () => {
    const duplicate = await parley(['user', 'create', '--phone', '+15553330001']);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('PHONE_NUMBER_OCCUPIED');
    const wrongToken = await parley(['user', 'get', '+15553330001'], {
      PARLEY_ADMIN_TOKEN: 'wrong-token-wrong-token',
    });
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.stderr).toContain('ADMIN_TOKEN_INVALID');
  });

  it('keeps tokens out of the logs', async () => {
    const bot = JSON.parse((await parley(['bot', 'show-me-not', '--json'])).stdout || '{}');
    expect(bot).toEqual({});
    const created = JSON.parse(
      (await parley(['bot', 'create', '--username', 'secretive_bot', '--json'])).stdout,
    );
    await fetch(`${server.url}/bot${created.token}/getMe`);
    await fetch(
      `${server.url}/bot${created.token}/setWebhook?url=http://127.0.0.1:9/&secret_token=hush-hush`,
    );
    const secret = created.token.split(':')[1];
    expect(server.output()).not.toContain(secret);
    expect(server.output()).not.toContain('hush-hush');
    expect(server.output()).toContain('/bot<redacted>/getMe');
  });
});

describe('parley start', () => {
  it('says in one line when the PostgreSQL database cannot be reached, and refuses unknown data locations', async () => {
    // Nothing listens on port 1; the password is not shown.
    const pg = await parley(['start', '--data', 'postgres://me:secret@127.0.0.1:1/parley', '--port', '0']);
    expect(pg.code).toBe(1);
    expect(pg.stderr).toContain('DATABASE_UNAVAILABLE');
    expect(pg.stderr).toContain('postgres://me:***@127.0.0.1:1/parley');
    expect(pg.stderr).not.toContain('secret');
    const other = await parley(['start', '--data', 'mysql://localhost/parley', '--port', '0']);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('unknown data location scheme');
  });

  it('with --data :memory: writes no token file and prints the line that lets the CLI find it', async () => {
    const child = await spawnServer(['--data', ':memory:']);
    const cwd = mkdtempSync(path.join(tmpdir(), 'parley-elsewhere-'));
    try {
      // Nothing written outside the server: the temporary folder of earlier versions is not made.
      expect(existsSync(path.join(tmpdir(), `parley-${child.child.pid}`))).toBe(false);
      const line = /^ {2}(export PARLEY_URL=.*)$/m.exec(child.output())?.[1];
      expect(line, child.output()).toMatch(/^export PARLEY_URL=\S+ PARLEY_ADMIN_TOKEN=\S{16,}$/);
      // Pasted into a shell ...
      const shell = await run('sh', ['-c', `${line}\nprintf '%s\\n%s' "$PARLEY_URL" "$PARLEY_ADMIN_TOKEN"`]);
      const [url, token] = shell.stdout.split('\n');
      expect(url).toBe(child.url);
      // ... the CLI, in a folder without ./data, reaches the server with no flag.
      const out: string[] = [];
      const err: string[] = [];
      const code = await runCli(['user', 'create', '--phone', '+15553330099', '--json'], {
        env: { PARLEY_URL: url, PARLEY_ADMIN_TOKEN: token },
        cwd,
        stdout: (text) => out.push(text),
        stderr: (text) => err.push(text),
      });
      expect({ code, err }).toEqual({ code: 0, err: [] });
      expect(JSON.parse(out.join('\n'))).toMatchObject({ phone_number: '+15553330099' });
      expect(await child.stop('SIGTERM')).toBe(0);
    } finally {
      await child.stop('SIGKILL');
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('stops gracefully on SIGTERM', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-stop-'));
    try {
      const child = await spawnServer(['--data', dir, '--admin-token', 'stop-admin-token-0123456789']);
      // A long poll in flight answers when the server stops, instead of holding it for 50 s.
      const created = await fetch(`${child.url}/control/bots`, {
        method: 'POST',
        headers: { authorization: 'Bearer stop-admin-token-0123456789', 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'stop_bot' }),
      });
      const { result } = (await created.json()) as { result: { token: string } };
      const poll = fetch(`${child.url}/bot${result.token}/getUpdates?timeout=50`).then((r) => r.json());
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = Date.now();
      expect(await child.stop('SIGTERM')).toBe(0);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(await poll).toEqual({ ok: true, result: [] });
      expect(child.output()).toContain('Parley stopped');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
