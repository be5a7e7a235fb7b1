import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../config/config.js';
import type { CliContext } from './command.js';
import { COMMANDS, runCli } from './run-cli.js';

const TOKEN = 'admin-token-0123456789';

interface Recorded {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

type Route = (req: Recorded) => { status?: number; body: unknown };

/** A stand-in for the control API: routes by `METHOD /path` (query left out) and records requests. */
class FakeControlApi {
  readonly requests: Recorded[] = [];
  readonly routes = new Map<string, Route>();
  /** Answers the requests no route takes (by default, 404). */
  fallback: Route | undefined;
  url = '';
  readonly #server = http.createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      this.requests.push(recorded);
      const route = this.routes.get(`${recorded.method} ${recorded.url.split('?')[0]}`) ?? this.fallback;
      const reply = route
        ? route(recorded)
        : { status: 404, body: { ok: false, error: 'NOT_FOUND', description: 'no such route' } };
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  ok(route: string, result: unknown): void {
    this.routes.set(route, () => ({ body: { ok: true, result } }));
  }

  fail(route: string, status: number, error: string, description: string): void {
    this.routes.set(route, () => ({ status, body: { ok: false, error, description } }));
  }

  async stop(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let api: FakeControlApi;
let cwd: string;

beforeEach(async () => {
  api = new FakeControlApi();
  await api.start();
  cwd = await mkdtemp(path.join(os.tmpdir(), 'parley-cli-'));
});

afterEach(async () => {
  await api.stop();
  await rm(cwd, { recursive: true, force: true });
});

async function parley(argv: string[], extra: Partial<CliContext> = {}): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const ctx: CliContext = {
    env: { PARLEY_URL: api.url, PARLEY_ADMIN_TOKEN: TOKEN },
    cwd,
    stdout: (line) => out.push(line),
    stderr: (line) => err.push(line),
    ...extra,
  };
  const code = await runCli(argv, ctx);
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const alice = {
  id: 123456,
  is_bot: false,
  first_name: 'Alice',
  username: 'alice',
  phone_number: '+15550001',
};
const echoBot = {
  id: 7000,
  is_bot: true,
  first_name: 'echo_bot',
  username: 'echo_bot',
  token: '7000:AAAAsecret',
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
};
const chat = { id: 7000, type: 'private', first_name: 'echo_bot', username: 'echo_bot' };
const fromBot = { id: 7000, is_bot: true, first_name: 'echo_bot', username: 'echo_bot' };
const fromAlice = { id: 123456, is_bot: false, first_name: 'Alice', username: 'alice' };
const hello = { message_id: 12, date: 1_700_000_000, chat, from: fromBot, text: 'hello' };
const sent = { message_id: 11, date: 1_700_000_000, chat, from: fromAlice, text: 'hi' };

describe('help', () => {
  it.each([['--help'], ['-h'], ['help']])('prints the general help for %s', async (flag) => {
    const run = await parley([flag]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: parley <command>');
    for (const command of COMMANDS) expect(run.stdout).toContain(command.name);
    expect(run.stderr).toBe('');
  });

  it('groups the commands under headings, each command once, the server and the first steps first', async () => {
    const run = await parley(['help']);
    const headings = run.stdout.split('\n').filter((line) => /^[A-Z].*:$/.test(line));
    expect(headings.slice(0, 3)).toEqual([
      'Server:',
      'A person and a bot (the first steps):',
      'More a person does in chats:',
    ]);
    expect(headings.length).toBeGreaterThanOrEqual(8);
    const listed = run.stdout
      .split('\n')
      .map((line) => /^ {2}([a-z][a-z-]*(?: [a-z-]+){0,2}) {2,}/.exec(line)?.[1])
      .filter((name) => name !== undefined);
    expect([...listed].sort()).toEqual(COMMANDS.map((c) => c.name).sort());
  });

  it('prints the general help on stderr with exit code 2 when no command is given', async () => {
    const run = await parley([]);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toContain('Usage: parley <command>');
  });

  it.each(COMMANDS.map((c) => [c.name]))('prints the help of "%s"', async (name) => {
    const words = name.split(' ');
    const viaFlag = await parley([...words, '--help']);
    expect(viaFlag.code).toBe(0);
    expect(viaFlag.stdout).toContain(`Usage: parley ${name}`);
    expect(await parley(['help', ...words])).toEqual(viaFlag);
    expect(await parley([...words, '-h'])).toEqual(viaFlag);
    expect(api.requests).toEqual([]);
  });

  it('prints the help of a command group', async () => {
    const run = await parley(['clock', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: parley clock <advance|show>');
    expect(await parley(['help', 'clock'])).toEqual(run);
  });

  it('prints the version', async () => {
    const run = await parley(['--version']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^parley \d+\.\d+\.\d+/);
  });
});

describe('usage errors', () => {
  it.each([
    [['frobnicate'], 'parley: unknown command "frobnicate" (USAGE_ERROR)', 'Run "parley --help" for usage.'],
    [
      ['user'],
      'parley: "user" needs a subcommand: create, get, photo add, photo remove (USAGE_ERROR)',
      'Run "parley user --help" for usage.',
    ],
    [
      ['user', 'delete'],
      'parley: unknown command "user delete" (USAGE_ERROR)',
      'Run "parley user --help" for usage.',
    ],
    [
      ['user', 'create', '--first-name', 'A'],
      'parley: missing --phone (USAGE_ERROR)',
      'Run "parley user create --help" for usage.',
    ],
    [
      ['send', '--from', '+15550001', '--to', '@echo_bot', '--txt', 'hi'],
      "parley: unknown option '--txt'; did you mean --text? (USAGE_ERROR)",
      'Run "parley send --help" for usage.',
    ],
    [
      ['user', 'create', '--phone', '+15550001', '--firstname', 'A'],
      "parley: unknown option '--firstname'; did you mean --first-name? (USAGE_ERROR)",
      'Run "parley user create --help" for usage.',
    ],
    [
      ['user', 'create', '--phone', '+15550001', '--firstname=A'],
      "parley: unknown option '--firstname'; did you mean --first-name? (USAGE_ERROR)",
      'Run "parley user create --help" for usage.',
    ],
    [
      ['gateway', 'wait-code', '+15550001', '--requestid', 'r1'],
      "parley: unknown option '--requestid'; did you mean --request-id? (USAGE_ERROR)",
      'Run "parley gateway wait-code --help" for usage.',
    ],
    [
      ['user', 'create', '--phone', '+15550001', '--frobnicate'],
      "parley: unknown option '--frobnicate' (USAGE_ERROR)",
      'Run "parley user create --help" for usage.',
    ],
    [
      ['messages', '--user', '+15550001', '--chat', '@echo_bot', '--limit', 'all'],
      'parley: --limit must be an integer of at least 1, not "all" (USAGE_ERROR)',
      'Run "parley messages --help" for usage.',
    ],
    [
      ['help', 'nope'],
      'parley: no help on "nope": unknown command (USAGE_ERROR)',
      'Run "parley --help" for usage.',
    ],
  ])('%j exits with 2 and a hint to --help, without a request', async (argv, line, hint) => {
    const run = await parley(argv);
    expect(run).toEqual({ code: 2, stdout: '', stderr: `${line}\n${hint}` });
    expect(api.requests).toEqual([]);
  });
});

describe('client commands', () => {
  it('user create: maps the flags to the body and prints the user', async () => {
    api.ok('POST /control/users', alice);
    const run = await parley([
      'user',
      'create',
      '--phone',
      '+15550001',
      '--first-name',
      'Alice',
      '--last-name',
      'Smith',
      '--username',
      '@alice',
      '--language-code',
      'en',
    ]);
    expect(run).toEqual({ code: 0, stdout: 'user 123456 +15550001 @alice (Alice)', stderr: '' });
    expect(api.requests).toEqual([
      {
        method: 'POST',
        url: '/control/users',
        authorization: `Bearer ${TOKEN}`,
        body: {
          phone_number: '+15550001',
          first_name: 'Alice',
          last_name: 'Smith',
          username: 'alice',
          language_code: 'en',
        },
      },
    ]);
  });

  it('--json prints the result object, pretty-printed', async () => {
    api.ok('POST /control/users', alice);
    const run = await parley(['user', 'create', '--phone', '+15550001', '--json']);
    expect(run).toEqual({ code: 0, stdout: JSON.stringify(alice, null, 2), stderr: '' });
    expect(api.requests[0]!.body).toEqual({ phone_number: '+15550001' });
  });

  it('user get: encodes the reference in the path', async () => {
    api.ok('GET /control/users/%2B15550001', alice);
    const run = await parley(['user', 'get', '+15550001']);
    expect(run).toMatchObject({ code: 0, stdout: 'user 123456 +15550001 @alice (Alice)' });
  });

  it('bot create and bot get print the bot with its token', async () => {
    api.ok('POST /control/bots', echoBot);
    api.ok('GET /control/bots/%40echo_bot', echoBot);
    const created = await parley(['bot', 'create', '--username', 'echo_bot', '--first-name', 'Echo']);
    expect(created).toEqual({ code: 0, stdout: 'bot 7000 @echo_bot token 7000:AAAAsecret', stderr: '' });
    expect(api.requests[0]!.body).toEqual({ username: 'echo_bot', first_name: 'Echo' });
    expect(await parley(['bot', 'get', '@echo_bot'])).toEqual(created);
  });

  it('send: posts the message with typed references and prints it', async () => {
    api.ok('POST /control/messages', sent);
    const run = await parley([
      'send',
      '--from',
      '+15550001',
      '--to',
      'echo_bot',
      '--text',
      'hi',
      '--reply-to',
      '10',
    ]);
    expect(run).toEqual({ code: 0, stdout: '[#11 from @alice] hi', stderr: '' });
    expect(api.requests[0]!.body).toEqual({
      from: '+15550001',
      chat: '@echo_bot',
      text: 'hi',
      reply_to_message_id: 10,
    });
  });

  it('send: numeric references go as numbers, a dash-led text in the = form', async () => {
    api.ok('POST /control/messages', sent);
    await parley(['send', '--from', '123456', '--to', '-100200', '--text=-5']);
    expect(api.requests[0]!.body).toEqual({ from: 123456, chat: -100200, text: '-5' });
  });

  it('messages: queries the chat and prints one line per message', async () => {
    api.ok('GET /control/messages', [sent, hello]);
    const run = await parley(['messages', '--user', '+15550001', '--chat', '@echo_bot', '--limit', '2']);
    expect(run).toEqual({ code: 0, stdout: '[#11 from @alice] hi\n[#12 from @echo_bot] hello', stderr: '' });
    expect(api.requests[0]!.url).toBe('/control/messages?user=%2B15550001&chat=%40echo_bot&limit=2');
  });

  it('wait: prints the next message', async () => {
    api.ok('POST /control/wait', hello);
    const run = await parley([
      'wait',
      '--user',
      '+15550001',
      '--chat',
      '@echo_bot',
      '--timeout',
      '5',
      '--after',
      '11',
    ]);
    expect(run).toEqual({ code: 0, stdout: '[#12 from @echo_bot] hello', stderr: '' });
    expect(api.requests[0]).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      body: { user: '+15550001', chat: '@echo_bot', timeout: 5, after_message_id: 11 },
    });
  });

  it('wait: exits with 1 on timeout', async () => {
    api.fail('POST /control/wait', 408, 'WAIT_TIMEOUT', 'no message within 1 s');
    const run = await parley(['wait', '--user', '+15550001', '--chat', '@echo_bot', '--timeout', '1']);
    expect(run).toEqual({ code: 1, stdout: '', stderr: 'parley: no message within 1 s (WAIT_TIMEOUT)' });
  });

  it('clock advance and clock show', async () => {
    const clock = { now: 1_714_564_800, offset_seconds: 3600 };
    api.ok('POST /control/clock/advance', clock);
    api.ok('GET /control/clock', clock);
    const line = 'clock 2024-05-01T12:00:00Z (1714564800), offset +3600 s';
    expect(await parley(['clock', 'advance', '--seconds', '3600'])).toEqual({
      code: 0,
      stdout: line,
      stderr: '',
    });
    expect(api.requests[0]!.body).toEqual({ seconds: 3600 });
    expect(await parley(['clock', 'show', '--json'])).toEqual({
      code: 0,
      stdout: JSON.stringify(clock, null, 2),
      stderr: '',
    });
  });
});

describe('connection options before the command', () => {
  it.each([
    [['--server', 'URL', '--admin-token', 'T', 'user', 'get', '+15550001']],
    [['--server=URL', '--admin-token=T', 'user', 'get', '+15550001']],
    [['--admin-token', 'T', 'user', 'get', '+15550001', '--server', 'URL']],
  ])('are taken as after it: %j', async (argv) => {
    api.ok('GET /control/users/%2B15550001', alice);
    const run = await parley(
      argv.map((a) => a.replace('URL', api.url).replace(/^T$/, TOKEN).replace('=T', `=${TOKEN}`)),
      { env: {} },
    );
    expect(run).toEqual({ code: 0, stdout: 'user 123456 +15550001 @alice (Alice)', stderr: '' });
    expect(api.requests[0]!.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('--json before the command, also of a command with a verb and before a --', async () => {
    api.ok('GET /control/users/%2B15550001', alice);
    api.ok('GET /control/gateway/accounts/3', { id: 3 });
    expect(await parley(['--json', 'user', 'get', '+15550001'])).toEqual({
      code: 0,
      stdout: JSON.stringify(alice, null, 2),
      stderr: '',
    });
    expect((await parley(['--json', 'gateway', 'account', 'show', '3'])).stdout).toBe('{\n  "id": 3\n}');
    expect((await parley(['--json', 'user', 'get', '--', '+15550001'])).code).toBe(0);
  });

  it('the one after the command wins when both are given', async () => {
    api.ok('GET /control/clock', { now: 1, offset_seconds: 0 });
    const run = await parley(['--server', 'http://127.0.0.1:1', 'clock', 'show', '--server', api.url]);
    expect(run.code).toBe(0);
  });

  it("--data and --admin-token before start are start's own", async () => {
    const configs: Config[] = [];
    const run = await parley(['--data', ':memory:', '--admin-token', TOKEN, 'start'], {
      env: {},
      loadServer: () =>
        Promise.resolve({ runServer: (config) => Promise.resolve(void configs.push(config)) }),
    });
    expect(run.code).toBe(0);
    expect(configs[0]).toMatchObject({ data: ':memory:', adminToken: TOKEN });
  });

  it.each([
    [
      ['--port', '0', 'start'],
      "parley: unknown option '--port' before the command: only --server, --admin-token, --data, --workspace, --json go there; give the command's own options after it (USAGE_ERROR)",
    ],
    [
      ['--sever', 'http://127.0.0.1:1', 'clock', 'show'],
      "parley: unknown option '--sever' before the command; did you mean --server? Only --server, --admin-token, --data, --workspace, --json go there; give the command's own options after it (USAGE_ERROR)",
    ],
    [['--server'], "parley: option '--server' needs a value (USAGE_ERROR)"],
    [['--json=yes', 'clock', 'show'], "parley: option '--json' does not take an argument (USAGE_ERROR)"],
  ])('%j is a usage error', async (argv, line) => {
    const run = await parley(argv);
    expect(run).toEqual({ code: 2, stdout: '', stderr: `${line}\nRun "parley --help" for usage.` });
  });
});

describe('the subject of a command is positional; the option that named it before still works', () => {
  // Each pair makes the same request; the second form is that of earlier versions.
  it.each([
    [
      ['gateway', 'account', 'show', '3'],
      ['gateway', 'account', 'show', '--account', '3'],
    ],
    [
      ['gateway', 'account', 'top-up', '3', '--credits', '5'],
      ['gateway', 'account', 'top-up', '--account', '3', '--credits', '5'],
    ],
    [
      ['gateway', 'account', 'prices', '3', '--default', '0.02'],
      ['gateway', 'account', 'prices', '--default', '0.02', '--account', '3'],
    ],
    [
      ['gateway', 'account', 'ledger', '3'],
      ['gateway', 'account', 'ledger', '--account', '3'],
    ],
    [
      ['gateway', 'channel', 'verify', 'codes'],
      ['gateway', 'channel', 'verify', '--username', 'codes'],
    ],
    [
      ['gateway', 'wait-code', '+15550001'],
      ['gateway', 'wait-code', '--phone', '+15550001'],
    ],
    [
      ['gateway', 'inbox', '+15550001'],
      ['gateway', 'inbox', '--phone', '+15550001'],
    ],
    [
      ['gateway', 'read', '+15550001'],
      ['gateway', 'read', '--phone', '+15550001'],
    ],
    [
      ['device', 'list', '+15550001'],
      ['device', 'list', '--user', '+15550001'],
    ],
    [
      ['device', 'add', '+15550001', '--offline'],
      ['device', 'add', '--user', '+15550001', '--offline'],
    ],
    [
      ['device', 'online', '+15550001'],
      ['device', 'online', '--user', '+15550001'],
    ],
    [
      ['device', 'offline', '+15550001', '--device', '2'],
      ['device', 'offline', '--user', '+15550001', '--device', '2'],
    ],
    [
      ['device', 'set', '2', '--name', 'Pad'],
      ['device', 'set', '--device', '2', '--name', 'Pad'],
    ],
    [
      ['bot', 'privacy', 'echo_bot', '--off'],
      ['bot', 'privacy', '--bot', 'echo_bot', '--off'],
    ],
    [
      ['group', 'show', '-1001234'],
      ['group', 'show', '--chat', '-1001234'],
    ],
    [
      ['group', 'show', '@room'],
      ['group', 'show', '--chat', '@room'],
    ],
    [
      ['group', 'add', '-1001234', '--user', '+15550002', '--by', '+15550001'],
      ['group', 'add', '--chat', '-1001234', '--user', '+15550002', '--by', '+15550001'],
    ],
    [
      ['group', 'join', '@room', '--user', '+15550002'],
      ['group', 'join', '--user', '+15550002', '--chat', '@room'],
    ],
    [
      ['group', 'leave', '-1001234', '--user', '+15550002'],
      ['group', 'leave', '--user', '+15550002', '--chat', '-1001234'],
    ],
    [
      ['group', 'migrate', '-1234', '--by', '+15550001'],
      ['group', 'migrate', '--chat', '-1234', '--by', '+15550001'],
    ],
    [
      ['group', 'link', '-1001234', '--by', '+15550001', '--request'],
      ['group', 'link', '--chat', '-1001234', '--by', '+15550001', '--request'],
    ],
    [
      ['group', 'promote', '-1001234', '--user', '@echo_bot', '--by', '+15550001', '--rights', 'none'],
      [
        'group',
        'promote',
        '--chat',
        '-1001234',
        '--user',
        '@echo_bot',
        '--by',
        '+15550001',
        '--rights',
        'none',
      ],
    ],
    [
      ['group', 'restrict', '-1001234', '--user', '+15550002', '--by', '+15550001'],
      ['group', 'restrict', '--chat', '-1001234', '--user', '+15550002', '--by', '+15550001'],
    ],
    [
      ['group', 'remove', '-1001234', '--user', '+15550002', '--by', '+15550001'],
      ['group', 'remove', '--chat', '-1001234', '--user', '+15550002', '--by', '+15550001'],
    ],
  ])('%j', async (positional, named) => {
    api.fallback = () => ({ body: { ok: true, result: {} } });
    const now = await parley([...positional, '--json']);
    const before = await parley([...named, '--json']);
    expect(now).toEqual({ code: 0, stdout: '{}', stderr: '' });
    expect(before).toEqual(now);
    expect(api.requests).toHaveLength(2);
    const [a, b] = api.requests.map(({ method, url, body }) => ({ method, url, body }));
    expect(a).toEqual(b);
  });

  it('sends the positional subject where the option sent it', async () => {
    api.fallback = () => ({ body: { ok: true, result: {} } });
    await parley(['group', 'show', '-1001234', '--json']);
    await parley(['gateway', 'account', 'top-up', '3', '--credits', '5', '--json']);
    await parley(['device', 'list', '+15550001', '--json']);
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /control/chats/-1001234',
      'POST /control/gateway/accounts/3/top-up',
      'GET /control/devices?user=%2B15550001',
    ]);
  });

  it.each([
    [
      ['gateway', 'account', 'show', '3', '--account', '4'],
      'give ACCOUNT or --account, not both',
      'gateway account',
    ],
    [['gateway', 'account', 'show'], 'missing ACCOUNT', 'gateway account'],
    [
      ['gateway', 'account', 'show', 'x'],
      'ACCOUNT must be an integer of at least 1, not "x"',
      'gateway account',
    ],
    [['group', 'show'], 'missing CHAT', 'group show'],
    [['group', 'join', '--user', '+15550002'], 'give either CHAT or --link INVITE_LINK', 'group join'],
    [['device', 'set', '2', '3'], 'unexpected argument "3"', 'device set'],
  ])('%j is a usage error', async (argv, message, topic) => {
    const run = await parley(argv);
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: `parley: ${message} (USAGE_ERROR)\nRun "parley ${topic} --help" for usage.`,
    });
    expect(api.requests).toEqual([]);
  });

  it('shows the positional form in the help, first', async () => {
    for (const [words, usage] of [
      [['gateway', 'account'], 'show ACCOUNT'],
      [['gateway', 'wait-code'], 'Usage: parley gateway wait-code PHONE'],
      [['device', 'list'], 'Usage: parley device list USER'],
      [['device', 'set'], 'Usage: parley device set DEVICE'],
      [['group', 'promote'], 'Usage: parley group promote CHAT --user USER'],
      [['bot', 'privacy'], 'Usage: parley bot privacy BOT'],
    ] as const) {
      expect((await parley([...words, '--help'])).stdout).toContain(usage);
    }
  });
});

describe('errors of the server', () => {
  it('prints the description and the code, exit code 1', async () => {
    api.fail('GET /control/users/%2B15550009', 404, 'USER_NOT_FOUND', 'user +15550009 not found');
    const run = await parley(['user', 'get', '+15550009']);
    expect(run).toEqual({ code: 1, stdout: '', stderr: 'parley: user +15550009 not found (USER_NOT_FOUND)' });
  });

  it('says where a refused admin token came from', async () => {
    api.fail('GET /control/clock', 401, 'ADMIN_TOKEN_INVALID', 'wrong admin token');
    const run = await parley(['clock', 'show', '--admin-token', 'wrong-token-0123456']);
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: 'parley: wrong admin token (the admin token came from --admin-token) (ADMIN_TOKEN_INVALID)',
    });
  });

  it('reports a server that does not answer', async () => {
    const url = api.url;
    await api.stop();
    const run = await parley(['clock', 'show']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      new RegExp(`^parley: cannot reach the server at ${url}: .*ECONNREFUSED.*\\(SERVER_UNREACHABLE\\)$`),
    );
    api = new FakeControlApi();
    await api.start();
  });
});

describe('token discovery', () => {
  it('reads the token a local server wrote to its data directory', async () => {
    await mkdir(path.join(cwd, 'store'));
    await writeFile(path.join(cwd, 'store', 'admin-token'), `${TOKEN}\n`);
    api.ok('GET /control/clock', { now: 1, offset_seconds: 0 });
    const run = await parley(['clock', 'show', '--data', 'store'], { env: { PARLEY_URL: api.url } });
    expect(run.code).toBe(0);
    expect(api.requests[0]!.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('exits with 2 when there is no token anywhere', async () => {
    const run = await parley(['clock', 'show'], { env: { PARLEY_URL: api.url } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^parley: no admin token: .* \(ADMIN_TOKEN_MISSING\)\nRun "parley --help" for usage\.$/,
    );
    expect(api.requests).toEqual([]);
  });

  it('--server wins over PARLEY_URL', async () => {
    api.ok('GET /control/clock', { now: 1, offset_seconds: 0 });
    const run = await parley(['clock', 'show', '--server', `${api.url}/`], {
      env: { PARLEY_URL: 'http://127.0.0.1:1', PARLEY_ADMIN_TOKEN: TOKEN },
    });
    expect(run.code).toBe(0);
  });
});

describe('start', () => {
  it('loads the config from flags over the environment and runs the server', async () => {
    const configs: Config[] = [];
    const run = await parley(
      ['start', '--port', '0', '--data', ':memory:', '--profile', 'strict', '--log-level', 'warn'],
      {
        env: { PARLEY_HOST: '0.0.0.0', PARLEY_PORT: '9000', PARLEY_ADMIN_TOKEN: TOKEN },
        loadServer: () =>
          Promise.resolve({ runServer: (config) => Promise.resolve(void configs.push(config)) }),
      },
    );
    expect(run).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(configs).toEqual([
      {
        host: '0.0.0.0',
        port: 0,
        data: ':memory:',
        storage: { kind: 'sqlite-memory' },
        profile: 'strict',
        adminToken: TOKEN,
        logLevel: 'warn',
      },
    ]);
  });

  it('exits with 2 on an invalid configuration without loading the server', async () => {
    let loaded = false;
    const run = await parley(['start', '--profile', 'lax'], {
      env: {},
      loadServer: () => {
        loaded = true;
        return Promise.reject(new Error('not expected'));
      },
    });
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: 'parley: invalid profile "lax": expected "local" or "strict" (CONFIG_INVALID)',
    });
    expect(loaded).toBe(false);
  });

  it.each([
    [['--log-level', 'verbose'], {}],
    [[], { PARLEY_LOG_LEVEL: 'verbose' }],
  ])('refuses the log level of %j %j, naming the levels, without loading the server', async (args, env) => {
    let loaded = false;
    const run = await parley(['start', ...args], {
      env,
      loadServer: () => {
        loaded = true;
        return Promise.reject(new Error('not expected'));
      },
    });
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'parley: invalid log level "verbose": expected one of fatal, error, warn, info, debug, trace, silent (CONFIG_INVALID)',
    });
    expect(loaded).toBe(false);
  });

  it.each([
    ['postgres//me@db.example/parley', 'the data location looks like a PostgreSQL URL without its "://"'],
    ['mysql://me@db.example/parley', 'unknown data location scheme "mysql://"'],
  ])('refuses --data %s, naming postgres://user@host/db, without loading the server', async (data, text) => {
    let loaded = false;
    const run = await parley(['start', '--data', data], {
      env: {},
      loadServer: () => {
        loaded = true;
        return Promise.reject(new Error('not expected'));
      },
    });
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toContain(text);
    expect(run.stderr).toContain('postgres://user@host/db');
    expect(run.stderr).toMatch(/\(CONFIG_INVALID\)$/);
    expect(loaded).toBe(false);
  });

  it('takes a log level in any case', async () => {
    const configs: Config[] = [];
    await parley(['start', '--log-level', 'DEBUG'], {
      env: {},
      loadServer: () =>
        Promise.resolve({ runServer: (config) => Promise.resolve(void configs.push(config)) }),
    });
    expect(configs[0]!.logLevel).toBe('debug');
  });

  it('lists the log levels and the exit codes of a failed start in its help', async () => {
    const help = (await parley(['start', '--help'])).stdout;
    expect(help).toMatch(/--log-level L +fatal, error, warn, info, debug, trace, silent/);
    expect(help).toContain('Exit codes: 0');
    expect(help).toMatch(/\n {2}DATA_FOLDER_LOCKED +another server uses the data folder/);
    expect(help).toMatch(/\n {2}EADDRINUSE +the port is in use/);
  });

  it.each([
    ['DATA_FOLDER_LOCKED', 'the data folder /srv/data is in use by another Parley server (pid 4242)'],
    ['EADDRINUSE', 'port 8081 on 127.0.0.1 is in use'],
  ])('a start that fails with %s says so in one line and exits 1', async (code, message) => {
    const run = await parley(['start'], {
      env: {},
      loadServer: () =>
        Promise.resolve({
          runServer: () => Promise.reject(Object.assign(new Error(message), { code })),
        }),
    });
    expect(run).toEqual({ code: 1, stdout: '', stderr: `parley: ${message} (${code})` });
  });

  it('exits with 1 when the server fails, with the errno code', async () => {
    const failure = Object.assign(new Error('listen EADDRINUSE: address already in use 127.0.0.1:8081'), {
      code: 'EADDRINUSE',
    });
    const run = await parley(['start'], {
      env: {},
      loadServer: () => Promise.resolve({ runServer: () => Promise.reject(failure) }),
    });
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: 'parley: listen EADDRINUSE: address already in use 127.0.0.1:8081 (EADDRINUSE)',
    });
  });
});
