/**
 * One log line per request at info (src/http/request-log.ts): the surface, the method, the HTTP status,
 * the duration and a failure's error text, written alike by the fast lanes and the Fastify routes, and
 * never a secret: no bot token, gateway access token, admin token, webhook secret token or
 * verification code anywhere in the captured logs. At debug the lanes still serve, the line carries
 * the redacted URL, and the redaction leaves `/control/bots` alone.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { redactUrl } from '../src/http/request-log.js';
import { createParley } from '../src/server/app.js';
import { gateway, setupGateway, type GatewaySetup } from './helpers/gateway.js';
import { ADMIN_TOKEN, callBotApi, startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import { png } from './helpers/media-bytes.js';
import { waitFor } from './helpers/wait-for.js';

interface Line {
  level: number;
  msg: string;
  surface?: string;
  method?: string;
  verb?: string;
  status?: number;
  ms?: number;
  error?: string;
  url?: string;
}

function requestLines(logs: string[], from = 0): Line[] {
  return logs
    .slice(from)
    .join('')
    .split('\n')
    .filter((text) => text !== '')
    .map((text) => JSON.parse(text) as Line)
    .filter((line) => line.msg === 'request');
}

/** Runs `act` and waits for the request line it produced that matches `want`. */
async function lineOf(server: TestServer, want: Partial<Line>, act: () => Promise<unknown>): Promise<Line> {
  const from = server.logs.length;
  await act();
  // Fastify's routes write the line when the answer has gone out, which may be after the client has it.
  return waitFor(() => requestLines(server.logs, from).find((line) => matches(line, want)), {
    what: `a request line like ${JSON.stringify(want)}`,
  });
}

const matches = (line: Line, want: Partial<Line>) =>
  Object.entries(want).every(([key, value]) => line[key as keyof Line] === value);

function expectTimed(line: Line) {
  expect(line.level).toBe(30);
  expect(typeof line.ms).toBe('number');
  expect(line.ms).toBeGreaterThanOrEqual(0);
}

describe('at info', () => {
  let server: TestServer;
  let token: string;
  let chatId: number;
  let userPhone: string;
  let botChat: string;
  let gw: GatewaySetup;
  const webhookSecret = 'hush-hush-webhook-secret';
  const code = '918273';

  beforeAll(async () => {
    server = await startServer();
    const made = await userAndBot(server, 'logged');
    token = made.token;
    chatId = made.user.id;
    userPhone = made.user.phone_number;
    botChat = `@${made.bot.username}`;
    await server.control.sendMessage({
      from: made.user.phone_number,
      chat: `@${made.bot.username}`,
      text: '/start',
    });
    gw = await setupGateway(server, 100);
  });
  afterAll(async () => {
    await server.close();
  });

  it('logs a Bot API call of the fast lane, and its failure with the description', async () => {
    const ok = await lineOf(server, { surface: 'bot-api', method: 'sendMessage', status: 200 }, () =>
      callBotApi(server, token, 'sendMessage', { chat_id: chatId, text: 'hello' }),
    );
    expectTimed(ok);
    expect(ok).toMatchObject({ verb: 'POST' });
    expect(ok.error).toBeUndefined();
    expect(ok.url).toBeUndefined();

    const failed = await lineOf(server, { surface: 'bot-api', method: 'sendMessage', status: 400 }, () =>
      callBotApi(server, token, 'sendMessage', { chat_id: 1, text: 'hello' }),
    );
    expect(failed.error).toBe('Bad Request: chat not found');

    const get = await lineOf(server, { surface: 'bot-api', method: 'getMe', verb: 'GET' }, () =>
      fetch(`${server.url}/bot${token}/test/getMe`),
    );
    expect(get.status).toBe(200);

    const unauthorized = await lineOf(server, { surface: 'bot-api', status: 401 }, () =>
      fetch(`${server.url}/bot123:nope/getMe`),
    );
    expect(unauthorized).toMatchObject({ method: 'getMe', error: 'Unauthorized' });

    // A name not in the Bot API is not logged: it could be a token in the wrong place.
    const misplaced = await lineOf(server, { surface: 'bot-api', status: 401 }, () =>
      fetch(`${server.url}/bot/${token}/getMe`),
    );
    expect(misplaced).toMatchObject({ error: 'Unauthorized: invalid token specified' });
    expect(misplaced.method).toBeUndefined();

    const refused = await lineOf(server, { surface: 'bot-api', status: 413 }, () =>
      fetch(`${server.url}/bot${token}/sendMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: chatId, text: 'x'.repeat((1 << 20) + 10) }),
      }),
    );
    expect(refused).toMatchObject({ method: 'sendMessage', error: 'Request Entity Too Large' });
  });

  it('logs a Bot API upload, which Fastify serves, with the same line', async () => {
    const form = new FormData();
    form.append('chat_id', String(chatId));
    form.append('document', new Blob([png(4, 4)]), 'logged.png');
    const line = await lineOf(server, { surface: 'bot-api', method: 'sendDocument' }, async () => {
      const response = await fetch(`${server.url}/bot${token}/sendDocument`, { method: 'POST', body: form });
      expect(response.status).toBe(200);
    });
    expectTimed(line);
    expect(line).toMatchObject({ verb: 'POST', status: 200 });

    const verb = await lineOf(server, { surface: 'bot-api', verb: 'PUT' }, () =>
      fetch(`${server.url}/bot${token}/getMe`, { method: 'PUT' }),
    );
    expect(verb).toMatchObject({ method: 'getMe', status: 501, error: 'Not Implemented' });
  });

  it('logs a webhook call without its secret token', async () => {
    const line = await lineOf(server, { surface: 'bot-api', method: 'setWebhook' }, () =>
      fetch(
        `${server.url}/bot${token}/setWebhook?url=${encodeURIComponent('http://127.0.0.1:9/hook')}` +
          `&secret_token=${webhookSecret}`,
      ),
    );
    expect(line.status).toBe(200);
    await callBotApi(server, token, 'deleteWebhook');
  });

  it('logs a gateway call, and its failure with the error code', async () => {
    const person = await gw.person();
    const ok = await lineOf(server, { surface: 'gateway', method: 'sendVerificationMessage' }, async () => {
      const answer = await gateway(
        `${server.url}/gateway`,
        gw.token,
        'sendVerificationMessage',
        { phone_number: person.phone_number, code },
        { transport: 'get', auth: 'param' },
      );
      expect(answer.body.ok).toBe(true);
    });
    expectTimed(ok);
    expect(ok).toMatchObject({ verb: 'GET', status: 200 });

    const failed = await lineOf(server, { surface: 'gateway', method: 'checkSendAbility' }, () =>
      gw.call('checkSendAbility', { phone_number: 'nope' }),
    );
    expect(failed).toMatchObject({ verb: 'POST', status: 400, error: 'PHONE_NUMBER_INVALID' });

    const noToken = await lineOf(server, { surface: 'gateway', status: 401 }, () =>
      fetch(`${server.url}/gateway/checkSendAbility`, { method: 'POST' }),
    );
    expect(noToken.error).toBe('ACCESS_TOKEN_REQUIRED');

    // A deeper path goes to the Fastify routes, and is logged the same way.
    const deep = await lineOf(server, { surface: 'gateway', status: 404 }, () =>
      fetch(`${server.url}/gateway/a/b`, { headers: { authorization: `Bearer ${gw.token}` } }),
    );
    expect(deep).toMatchObject({ verb: 'GET', error: 'UNKNOWN_METHOD' });
    expect(deep.method).toBeUndefined();
  });

  it('logs a control call by its route, and its failure by its code alone (a description may echo input)', async () => {
    const ok = await lineOf(server, { surface: 'control', method: '/bots', status: 200 }, () =>
      server.control.createBot({ username: 'logged_control_bot' }),
    );
    expectTimed(ok);
    expect(ok.verb).toBe('POST');

    const failed = await lineOf(server, { surface: 'control', method: '/users/:ref' }, () =>
      server.control.getUser('+19990000000').catch(() => undefined),
    );
    expect(failed).toMatchObject({ verb: 'GET', status: 404 });
    expect(failed.error).toBe('USER_NOT_FOUND');

    const denied = await lineOf(server, { surface: 'control', status: 401 }, () =>
      fetch(`${server.url}/control/users/+19990000000`, { headers: { authorization: 'Bearer wrong' } }),
    );
    expect(denied.error).toBe('ADMIN_TOKEN_INVALID');

    // A person's message, which the control API's fast lane answers, is logged by its route too.
    const sent = await lineOf(server, { surface: 'control', method: '/messages', status: 200 }, () =>
      server.control.sendMessage({ from: userPhone, chat: botChat, text: 'hi' }),
    );
    expectTimed(sent);
    expect(sent.verb).toBe('POST');
    const refused = await lineOf(server, { surface: 'control', method: '/messages', status: 400 }, () =>
      fetch(`${server.url}/control/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect(refused.error).toBe('BAD_REQUEST');
  });

  it('logs a file download', async () => {
    const form = new FormData();
    form.append('chat_id', String(chatId));
    form.append('document', new Blob([png(2, 2)]), 'download.png');
    const sent = (await (
      await fetch(`${server.url}/bot${token}/sendDocument`, { method: 'POST', body: form })
    ).json()) as { result: { document: { file_id: string } } };
    const file = await callBotApi(server, token, 'getFile', { file_id: sent.result.document.file_id });
    const filePath = (file.body.result as { file_path: string }).file_path;

    const ok = await lineOf(server, { surface: 'file', status: 200 }, async () => {
      const response = await fetch(`${server.url}/file/bot${token}/${filePath}`);
      await response.arrayBuffer();
    });
    expectTimed(ok);
    expect(ok).toMatchObject({ method: 'download', verb: 'GET' });

    const missing = await lineOf(server, { surface: 'file', status: 404 }, () =>
      fetch(`${server.url}/file/bot${token}/documents/nothing.bin`),
    );
    expect(missing.error).toBe('Not Found');
  });

  it('has no secret anywhere in the logs', () => {
    const logs = server.logs.join('');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(token.split(':')[1]);
    expect(logs).not.toContain(gw.token);
    expect(logs).not.toContain(ADMIN_TOKEN);
    expect(logs).not.toContain(webhookSecret);
    expect(logs).not.toContain(code);
  });
});

describe('at debug', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ logLevel: 'debug' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('the fast lanes still serve and log, with the redacted URL; /control/bots survives', async () => {
    const { token } = await userAndBot(server, 'debugged');
    const line = await lineOf(server, { surface: 'bot-api', method: 'getMe' }, () =>
      fetch(`${server.url}/bot${token}/getMe?secret_token=abc123secret`),
    );
    expect(line.url).toBe('/bot<redacted>/getMe?<redacted>');

    const control = await lineOf(server, { surface: 'control', method: '/bots' }, () =>
      server.control.createBot({ username: 'debugged_two_bot' }),
    );
    expect(control.url).toBe('/control/bots');
    const logs = server.logs.join('');
    expect(logs).not.toContain('/control/bot<redacted>');
    // Fastify's own request lines at debug show the path too.
    expect(logs).toMatch(/"url":"\/control\/bots"/);
    expect(logs).not.toContain(token.split(':')[1]);
    expect(logs).not.toContain('abc123secret');
  });
});

describe('the fast lane and Fastify', () => {
  it('write the same line for the same call', async () => {
    const shapes = [];
    for (const fastLanes of [true, false]) {
      const logs: string[] = [];
      const logStream = new Writable({
        write(chunk, _encoding, callback) {
          logs.push(String(chunk));
          callback();
        },
      });
      const config = loadConfig({ data: ':memory:', port: '0' }, {});
      const parley = await createParley({ config, adminToken: ADMIN_TOKEN, logStream, fastLanes });
      try {
        const url = await parley.app.listen({ host: '127.0.0.1', port: 0 });
        const server = { url, logs } as TestServer;
        const line = await lineOf(server, { surface: 'bot-api', method: 'getMe' }, () =>
          fetch(`${url}/bot123:nope/getMe`, { method: 'POST' }),
        );
        const { ms, ...rest } = line as Line & { time?: number; pid?: number; hostname?: string };
        expect(typeof ms).toBe('number');
        shapes.push({ ...rest, time: undefined, pid: undefined, hostname: undefined, reqId: undefined });
      } finally {
        await parley.close();
      }
    }
    expect(shapes[0]).toEqual(shapes[1]);
    expect(shapes[0]).toMatchObject({ verb: 'POST', status: 401, error: 'Unauthorized' });
  });

  it('write nothing with --log-requests off', async () => {
    expect(loadConfig({ logRequests: 'off' }, {}).logRequests).toBe(false);
    expect(loadConfig({}, { PARLEY_LOG_REQUESTS: 'on' }).logRequests).toBe(true);
    expect(loadConfig({}, {}).logRequests).toBeUndefined();
    expect(() => loadConfig({ logRequests: 'sometimes' }, {})).toThrow(/--log-requests "sometimes"/);
    const server = await startServer({ logRequests: 'off' });
    try {
      const { token } = await userAndBot(server, 'unlogged');
      expect((await fetch(`${server.url}/bot${token}/getMe`)).status).toBe(200);
      await fetch(`${server.url}/bot${token}/getMe`, { method: 'PUT' });
      expect(requestLines(server.logs)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('write nothing per request above info', async () => {
    const server = await startServer({ logLevel: 'warn' });
    try {
      const { token } = await userAndBot(server, 'quiet');
      await fetch(`${server.url}/bot${token}/getMe`);
      expect(requestLines(server.logs)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('redactUrl', () => {
  it.each([
    ['/bot123:abc/getMe', '/bot<redacted>/getMe'],
    ['/bot123:abc/getMe?chat_id=1&secret_token=s', '/bot<redacted>/getMe?<redacted>'],
    ['/file/bot123:abc/photos/file_1.png', '/file/bot<redacted>/photos/file_1.png'],
    ['//bot123:abc/getMe', '//bot<redacted>/getMe'],
    ['http://example.test/bot123:abc/getMe', 'http://example.test/bot<redacted>/getMe'],
    ['/%62ot123%3Aabc/getMe', '/bot<redacted>/getMe'],
    ['/bot123:abc', '/bot<redacted>'],
    ['/control/bots', '/control/bots'],
    ['/control/bots/privacy', '/control/bots/privacy'],
    ['/control/bots/echo_bot', '/control/bots/echo_bot'],
    ['/../bot123:abc/getMe', '/../bot<redacted>/getMe'],
    ['/x/bot123:abc', '/x/bot<redacted>'],
    ['/w/team/bot123:abc/getMe', '/w/team/bot<redacted>/getMe'],
    ['/control/bots/123:abc', '/control/bots/<redacted>'],
    ['/control/bots/123%3Aabc/x', '/control/bots/<redacted>/x'],
    ['/x/%zz/123%3Aabc', '/x/%zz/<redacted>'],
    ['/web/api/w1.1.2.s3cret', '/web/api/<redacted>'],
    ['http://example.test:8080/healthz', 'http://<redacted>/healthz'],
    [
      '/gateway/sendVerificationMessage?code=1234&access_token=t',
      '/gateway/sendVerificationMessage?<redacted>',
    ],
  ])('%s -> %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
